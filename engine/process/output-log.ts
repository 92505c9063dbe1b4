import type { ProcessStreamName } from '../../lib/schemas/process';

export interface OutputChunk {
  stream: ProcessStreamName;
  data: Buffer;
  /** Byte offset of this chunk in the process's whole output (stdout and stderr interleaved). */
  offset: number;
}

/** Where one reader is in the log: the absolute index of its next chunk and the byte offset it has reached. */
export interface LogCursor {
  index: number;
  offset: number;
}

export interface LogRead {
  /** Bytes the reader missed because the log dropped them before it got there. */
  droppedBytes: number;
  chunks: OutputChunk[];
  next: LogCursor;
  /** The exit code once the process has ended and the reader has every chunk. */
  exitCode?: number;
}

/**
 * A process's output as an append-only log that every reader replays from the start with its own cursor.
 * Bounded: when it holds more than `maxBytes`, the oldest chunks go; readers behind them learn how many
 * bytes they lost. The exit code is kept apart from the chunks, so it can never be dropped.
 */
export class OutputLog {
  private chunks: OutputChunk[] = [];
  private head = 0;
  private headOffset = 0;
  private bytes = 0;
  private total = 0;
  private exitCode: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(readonly maxBytes: number) {}

  append(stream: ProcessStreamName, data: Buffer): void {
    if (data.length === 0 || this.exitCode !== undefined) return;
    this.chunks.push({ stream, data, offset: this.total });
    this.total += data.length;
    this.bytes += data.length;
    while (this.bytes > this.maxBytes && this.chunks.length > 0) this.dropOldest();
    this.notify();
  }

  finish(exitCode: number): void {
    if (this.exitCode !== undefined) return;
    this.exitCode = exitCode;
    this.notify();
  }

  /** Frees the retained output (the exit code stays); later readers get one truncation marker. */
  discard(): void {
    while (this.chunks.length > 0) this.dropOldest();
  }

  get retainedBytes(): number {
    return this.bytes;
  }

  get totalBytes(): number {
    return this.total;
  }

  get finished(): boolean {
    return this.exitCode !== undefined;
  }

  read(cursor: LogCursor, maxBytes = 256 * 1024): LogRead {
    let { index, offset } = cursor;
    let droppedBytes = 0;
    if (index < this.head) {
      droppedBytes = this.headOffset - offset;
      index = this.head;
      offset = this.headOffset;
    }
    const chunks: OutputChunk[] = [];
    let size = 0;
    while (index - this.head < this.chunks.length && (chunks.length === 0 || size < maxBytes)) {
      const c = this.chunks[index - this.head]!;
      chunks.push(c);
      size += c.data.length;
      offset = c.offset + c.data.length;
      index++;
    }
    const atEnd = index - this.head === this.chunks.length;
    return { droppedBytes, chunks, next: { index, offset }, exitCode: atEnd ? this.exitCode : undefined };
  }

  /** Calls `fn` after every append and at exit; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private dropOldest(): void {
    const c = this.chunks.shift()!;
    this.head++;
    this.bytes -= c.data.length;
    this.headOffset = c.offset + c.data.length;
  }

  private notify(): void {
    for (const fn of [...this.listeners]) fn();
  }
}
