import { formatBytes } from '../format';
import { ConsoleFeed, LogRecorder, terminalText } from './console-feed';
import type { ConsoleChunk } from './output-decoder';

/** What the console needs from the terminal on screen (xterm.js, mounted in the browser only). */
export interface TerminalApi {
  write(text: string): void;
  /** Characters written but not yet processed by the terminal. */
  backlog(): number;
  clear(): void;
  /** The selected text, or everything in the terminal when nothing is selected. */
  text(): string;
  findNext(query: string): boolean;
  findPrevious(query: string): boolean;
  clearSearch(): void;
  scrollToBottom(): void;
}

/** Text the terminal may have in hand before the feed waits for it. */
const TERMINAL_BACKLOG = 512 * 1024;

/**
 * The console's state outside React: the terminal once it is mounted (text that arrives earlier waits), the
 * frame-batched feed with pause, and the downloadable log.
 */
export class ConsoleController {
  private terminal: TerminalApi | null = null;
  private pending: string[] = [];
  private readonly recorder = new LogRecorder();
  private readonly feed = new ConsoleFeed({
    sink: (text) => (this.terminal ? this.terminal.write(text) : this.pending.push(text)),
    canWrite: () => !this.terminal || this.terminal.backlog() < TERMINAL_BACKLOG,
  });

  attach(api: TerminalApi | null): void {
    this.terminal = api;
    if (api && this.pending.length) api.write(this.pending.splice(0).join(''));
  }

  push(chunk: ConsoleChunk): void {
    if (chunk.kind === 'output') this.recorder.add(chunk.text);
    if (chunk.kind === 'gap') this.recorder.add(`\n[${formatBytes(chunk.droppedBytes)} of earlier output is no longer kept]\n`);
    this.feed.push(terminalText(chunk));
  }

  get paused(): boolean {
    return this.feed.paused;
  }

  get newLines(): number {
    return this.feed.newLines;
  }

  togglePause(): boolean {
    if (this.feed.paused) {
      this.feed.resume();
      this.terminal?.scrollToBottom();
    } else {
      this.feed.pause();
    }
    return this.feed.paused;
  }

  find(query: string, backwards: boolean): boolean {
    if (!this.terminal) return false;
    return backwards ? this.terminal.findPrevious(query) : this.terminal.findNext(query);
  }

  clearSearch(): void {
    this.terminal?.clearSearch();
  }

  clear(): void {
    this.feed.clear();
    this.pending = [];
    this.terminal?.clear();
  }

  /** The selection or the terminal's text, for the clipboard. */
  visibleText(): string {
    return this.terminal?.text() ?? '';
  }

  /** The whole log received, without colours, for download. */
  logText(): string {
    return this.recorder.text();
  }
}
