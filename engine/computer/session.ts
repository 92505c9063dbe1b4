import type { ScreenshotRegion } from '../../lib/schemas/computer';
import type { Viewport } from '../../lib/schemas/viewport';
import { HttpError } from '../http/errors';
import { composeFrame } from './frames';
import { InputDevice } from './input';
import { LiveView, type EndReason } from './live-view';
import { PageTracker } from './page-tracker';
import type { Shortcut } from './shortcuts';

export const noPage = () => new HttpError(409, 'the browser has no open page');

/**
 * The computer of one browser session: its screen (the active page), mouse, keyboard and pointer. Every action
 * runs in order through one queue, as xdotool commands do on a Kernel VM.
 */
export class ComputerSession {
  readonly input: InputDevice;
  readonly live: LiveView;
  cursorHidden = false;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly tracker: PageTracker,
    readonly screen: Viewport,
  ) {
    this.input = new InputDevice(
      (method, params) => this.sendToPage(method, params),
      { x: Math.floor(screen.width / 2), y: Math.floor(screen.height / 2) },
      () => this.live.pointerChanged(),
      (shortcut) => this.browserShortcut(shortcut),
    );
    this.live = new LiveView(tracker, screen, () => ({ x: this.input.x, y: this.input.y, hidden: this.cursorHidden }));
    tracker.on('close', () => this.close('browser_closed'));
  }

  static async open(wsEndpoint: string, screen: Viewport): Promise<ComputerSession> {
    return new ComputerSession(await PageTracker.open(wsEndpoint), screen);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs `fn` after every earlier action of this session has finished. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.queue.then(fn);
    this.queue = result.catch(() => {});
    return result;
  }

  setCursor(hidden: boolean): void {
    this.cursorHidden = hidden;
    this.live.pointerChanged();
  }

  async screenshot(region?: ScreenshotRegion): Promise<Buffer> {
    const page = await this.tracker.activeSession();
    if (!page) throw noPage();
    // A tab that is still being set up can leave a capture unanswered; by the second try it has painted.
    const capture = () => this.tracker.conn.send<{ data: string }>('Page.captureScreenshot', { format: 'png' }, page.sessionId, 5_000);
    const shot = await capture().catch(capture);
    const image = Buffer.from(shot.data, 'base64');
    const pointer = this.cursorHidden ? null : { x: this.input.x, y: this.input.y };
    return (await composeFrame(image, { format: 'png', pointer, screenWidth: this.screen.width, region })).data;
  }

  close(reason: EndReason): void {
    if (this.closed) return;
    this.closed = true;
    this.live.end(reason);
    this.tracker.close();
  }

  private async browserShortcut(shortcut: Shortcut): Promise<void> {
    if (shortcut === 'new_tab') {
      await this.tracker.conn.send('Target.createTarget', { url: 'about:blank' });
      return;
    }
    if (shortcut === 'reload') {
      await this.sendToPage('Page.reload', {});
      return;
    }
    const history = (await this.sendToPage('Page.getNavigationHistory', {})) as { currentIndex: number; entries: { id: number }[] };
    const entry = history.entries[history.currentIndex + (shortcut === 'back' ? -1 : 1)];
    if (entry) await this.sendToPage('Page.navigateToHistoryEntry', { entryId: entry.id });
  }

  private async sendToPage(method: string, params: Record<string, unknown>): Promise<unknown> {
    const page = await this.tracker.activeSession();
    if (!page) throw noPage();
    return this.tracker.conn.send(method, params, page.sessionId);
  }
}
