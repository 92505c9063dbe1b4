import type { ProcessStreamEvent, ProcessStreamName } from '../schemas/process';
import { base64ToBytes } from './base64';

export type ConsoleChunk =
  | { kind: 'output'; stream: ProcessStreamName; text: string }
  | { kind: 'gap'; droppedBytes: number }
  | { kind: 'exit'; exitCode: number };

/**
 * Turns stdout-stream events into text for the console. Bytes are decoded per stream with a streaming
 * TextDecoder, so a character split across events comes out whole. The engine replays a process's output from
 * its start on every connection; the decoder counts bytes by their offset in the whole output and, after a
 * reconnect, skips what it has already shown (a `truncated` marker says at which offset the replay starts).
 */
export class ProcessOutputDecoder {
  private decoders = newDecoders();
  /** Output bytes shown so far (an offset into the process's whole output). */
  received = 0;
  private position = 0;
  exitCode: number | undefined;

  /** Call when a (re)connection starts: its replay begins at offset 0 again. */
  connect(): void {
    this.position = 0;
  }

  push(event: ProcessStreamEvent): ConsoleChunk[] {
    if ('data_b64' in event) {
      const bytes = base64ToBytes(event.data_b64);
      const start = this.position;
      this.position += bytes.length;
      if (this.position <= this.received) return [];
      const fresh = bytes.subarray(Math.max(0, this.received - start));
      this.received = this.position;
      const text = this.decoders[event.stream].decode(fresh, { stream: true });
      return text ? [{ kind: 'output', stream: event.stream, text }] : [];
    }
    if (event.event === 'truncated') {
      this.position += event.dropped_bytes;
      if (this.position <= this.received) return [];
      const droppedBytes = this.position - this.received;
      this.received = this.position;
      // A character cut by the gap can never be completed.
      this.decoders = newDecoders();
      return [{ kind: 'gap', droppedBytes }];
    }
    if (event.event === 'exit') {
      const out: ConsoleChunk[] = [];
      for (const stream of ['stdout', 'stderr'] as const) {
        const rest = this.decoders[stream].decode();
        if (rest) out.push({ kind: 'output', stream, text: rest });
      }
      this.exitCode = event.exit_code;
      out.push({ kind: 'exit', exitCode: event.exit_code });
      return out;
    }
    return [];
  }
}

function newDecoders(): Record<ProcessStreamName, TextDecoder> {
  return { stdout: new TextDecoder('utf-8'), stderr: new TextDecoder('utf-8') };
}
