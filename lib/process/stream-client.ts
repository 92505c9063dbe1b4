import type { ProcessStreamEvent } from '../schemas/process';
import { SseParser } from '../sse/parser';
import { ProcessOutputDecoder, type ConsoleChunk } from './output-decoder';

export type StreamState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'reconnecting'; attempt: number; retryAt: number; reason: string }
  | { kind: 'ended'; exitCode: number }
  | { kind: 'failed'; status?: number; message: string };

export interface StreamClientOptions {
  url: string;
  onChunk: (chunk: ConsoleChunk) => void;
  onState: (state: StreamState) => void;
  fetch?: typeof fetch;
  backoff?: { baseMs: number; maxMs: number };
}

type Outcome = { kind: 'exit' } | { kind: 'retry'; reason: string; progressed: boolean } | { kind: 'fatal'; status?: number; message: string };

/**
 * Follows one process's output stream until its exit event. When the connection drops it reconnects with
 * exponential backoff; the engine replays the output from the start and the decoder skips what was shown.
 * A 401, 404 or other 4xx ends it for good (no reconnect storm for a process that is gone).
 */
export class ProcessStreamClient {
  readonly decoder = new ProcessOutputDecoder();
  connections = 0;
  private stopped = false;
  private current?: AbortController;
  private wakeSleep?: () => void;
  private readonly backoff: { baseMs: number; maxMs: number };

  constructor(private readonly opts: StreamClientOptions) {
    this.backoff = opts.backoff ?? { baseMs: 500, maxMs: 10_000 };
  }

  start(): void {
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.current?.abort();
    this.wakeSleep?.();
  }

  /** Skips the rest of the backoff wait. */
  retryNow(): void {
    this.wakeSleep?.();
  }

  private async run(): Promise<void> {
    let attempt = 0;
    this.opts.onState({ kind: 'connecting' });
    while (!this.stopped) {
      const outcome = await this.connectOnce();
      if (this.stopped) return;
      if (outcome.kind === 'exit') {
        this.opts.onState({ kind: 'ended', exitCode: this.decoder.exitCode! });
        return;
      }
      if (outcome.kind === 'fatal') {
        this.opts.onState({ kind: 'failed', status: outcome.status, message: outcome.message });
        return;
      }
      attempt = outcome.progressed ? 1 : attempt + 1;
      const base = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** (attempt - 1));
      const delay = Math.round(base * (0.8 + Math.random() * 0.4));
      this.opts.onState({ kind: 'reconnecting', attempt, retryAt: Date.now() + delay, reason: outcome.reason });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wakeSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeSleep = undefined;
    }
  }

  private async connectOnce(): Promise<Outcome> {
    const controller = new AbortController();
    this.current = controller;
    const doFetch = this.opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(this.opts.url, { signal: controller.signal, headers: { accept: 'text/event-stream' }, cache: 'no-store' });
    } catch {
      return { kind: 'retry', reason: 'could not reach the dashboard', progressed: false };
    }
    if (!res.ok || !res.body) {
      const message = await errorMessage(res);
      if (res.status === 401) return { kind: 'fatal', status: 401, message: 'Your login has expired: log in again to follow this process.' };
      if (res.status >= 500 || res.status === 429 || res.status === 408) return { kind: 'retry', reason: message, progressed: false };
      return { kind: 'fatal', status: res.status, message };
    }
    this.connections++;
    this.decoder.connect();
    this.opts.onState({ kind: 'open' });
    const parser = new SseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let progressed = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const msg of parser.feed(value)) {
          let event: ProcessStreamEvent;
          try {
            event = JSON.parse(msg.data) as ProcessStreamEvent;
          } catch {
            continue;
          }
          progressed = true;
          for (const chunk of this.decoder.push(event)) this.opts.onChunk(chunk);
          if ('event' in event && event.event === 'exit') {
            controller.abort();
            return { kind: 'exit' };
          }
        }
      }
    } catch {
      return { kind: 'retry', reason: 'the connection was lost', progressed };
    }
    return { kind: 'retry', reason: 'the stream ended before the process did', progressed };
  }
}

async function errorMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return `the stream answered ${res.status}`;
}
