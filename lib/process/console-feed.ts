import { formatBytes } from '../format';
import type { ConsoleChunk } from './output-decoder';

const STDERR_ON = '\x1b[38;5;214m';
const FG_OFF = '\x1b[39m';
const DIM = '\x1b[2m';
const DIM_OFF = '\x1b[22m';

/**
 * What the terminal shows for one chunk. stderr is drawn in its own colour; a reset inside it (the program's
 * own colours) switches back to that colour rather than to the default.
 */
export function terminalText(chunk: ConsoleChunk): string {
  switch (chunk.kind) {
    case 'output':
      if (chunk.stream === 'stdout') return chunk.text;
      return STDERR_ON + chunk.text.replace(/\x1b\[(?:0|39)?m/g, (m) => m + STDERR_ON) + FG_OFF;
    case 'gap':
      return `\r\n${DIM}[${formatBytes(chunk.droppedBytes)} of earlier output is no longer kept]${DIM_OFF}\r\n`;
    case 'exit':
      return `\r\n${DIM}[process exited with code ${chunk.exitCode}]${DIM_OFF}\r\n`;
  }
}

/** The plain text of a log (ANSI escape sequences removed), for copying and downloading. */
export function stripAnsi(text: string): string {
  // CSI, OSC (ended by BEL or ST) and two-character escapes.
  return text.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g, '');
}

export interface FeedOptions {
  /** Receives the text to draw, at most once per scheduled frame. */
  sink: (text: string) => void;
  schedule?: (fn: () => void) => void;
  /** Text waiting to be drawn (while paused, or when output outruns the screen) is bounded; the oldest goes. */
  maxHeldChars?: number;
  /** At most this much is drawn per frame, so one frame never blocks the page for long. */
  maxFrameChars?: number;
  /** False while the terminal is still busy with earlier text: the feed then waits a frame (flow control). */
  canWrite?: () => boolean;
}

/**
 * Sits between the stream and the terminal: batches writes to at most one bounded write per animation frame,
 * and while paused holds the text back and counts its lines, so the operator can read without the view jumping.
 */
export class ConsoleFeed {
  private queue: string[] = [];
  private queuedChars = 0;
  private scheduled = false;
  private droppedChars = 0;
  paused = false;
  newLines = 0;

  constructor(private readonly opts: FeedOptions) {}

  push(text: string): void {
    if (!text) return;
    this.queue.push(text);
    this.queuedChars += text.length;
    if (this.paused) this.newLines += countNewlines(text);
    this.bound();
    this.scheduleFlush();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.newLines = 0;
    this.scheduleFlush();
  }

  /** Forgets text not drawn yet (the operator cleared the console). */
  clear(): void {
    this.queue = [];
    this.queuedChars = 0;
    this.droppedChars = 0;
    this.newLines = 0;
  }

  private bound(): void {
    const max = this.opts.maxHeldChars ?? 4 * 1024 * 1024;
    while (this.queuedChars > max && this.queue.length > 1) {
      const dropped = this.queue.shift()!;
      this.queuedChars -= dropped.length;
      this.droppedChars += dropped.length;
    }
  }

  private scheduleFlush(): void {
    if (this.scheduled || this.paused) return;
    this.scheduled = true;
    const schedule = this.opts.schedule ?? ((fn) => requestAnimationFrame(() => fn()));
    schedule(() => {
      this.scheduled = false;
      if (this.paused || this.queue.length === 0) return;
      if (this.opts.canWrite?.() !== false) this.opts.sink(this.take());
      if (this.queue.length > 0) this.scheduleFlush();
    });
  }

  /** The next frame's text: the skipped-output notice if any, then up to maxFrameChars of the queue. */
  private take(): string {
    const parts: string[] = [];
    if (this.droppedChars > 0) {
      parts.push(`\r\n${DIM}[${this.droppedChars} characters not shown: more output came than the console holds]${DIM_OFF}\r\n`);
      this.droppedChars = 0;
    }
    let budget = this.opts.maxFrameChars ?? 256 * 1024;
    while (this.queue.length > 0 && budget > 0) {
      const head = this.queue[0]!;
      const part = head.length <= budget ? head : head.slice(0, budget);
      if (part === head) this.queue.shift();
      else this.queue[0] = head.slice(budget);
      parts.push(part);
      budget -= part.length;
      this.queuedChars -= part.length;
    }
    return parts.join('');
  }
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The process's output as plain text for download: bounded, oldest text dropped first (and said so). */
export class LogRecorder {
  private parts: string[] = [];
  private size = 0;
  private dropped = 0;

  constructor(private readonly maxChars = 16 * 1024 * 1024) {}

  add(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    while (this.size > this.maxChars && this.parts.length > 1) {
      const old = this.parts.shift()!;
      this.size -= old.length;
      this.dropped += old.length;
    }
  }

  text(): string {
    const head = this.dropped ? `[${this.dropped} earlier characters are not in this download]\n` : '';
    return head + stripAnsi(this.parts.join(''));
  }
}
