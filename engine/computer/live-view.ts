import type { LiveViewEvent } from '../../lib/schemas/computer';
import type { CdpEvent } from '../browsers/cdp-connection';
import { composeFrame } from './frames';
import type { PageTracker } from './page-tracker';

const JPEG_QUALITY = 70;
const FIRST_CAPTURE_TIMEOUT_MS = 3_000;
const FIRST_CAPTURE_ATTEMPTS = 5;

export type EndReason = Extract<LiveViewEvent, { type: 'end' }>['reason'];

/** One viewer's mailbox: only the newest frame waits, so a slow viewer skips frames instead of queueing them. */
export class Viewer {
  private pending: LiveViewEvent | undefined;
  private waiter: ((e: LiveViewEvent | undefined) => void) | undefined;
  private ended = false;

  push(e: LiveViewEvent): void {
    if (this.ended) return;
    if (e.type === 'end') this.ended = true;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w(e);
    } else {
      this.pending = e;
    }
  }

  /** The next event, or undefined after `idleMs` without one (time for a keepalive) or after the end. */
  next(idleMs: number): Promise<LiveViewEvent | undefined> {
    if (this.pending) {
      const e = this.pending;
      this.pending = undefined;
      return Promise.resolve(e);
    }
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve(undefined);
      }, idleMs);
      this.waiter = (e) => {
        clearTimeout(timer);
        resolve(e);
      };
    });
  }

  /** The viewer went away: wake a pending `next` so that nothing waits on it. */
  close(): void {
    this.ended = true;
    this.pending = undefined;
    const w = this.waiter;
    this.waiter = undefined;
    w?.(undefined);
  }

  get done(): boolean {
    return this.ended && !this.pending;
  }
}

interface Pointer {
  x: number;
  y: number;
  hidden: boolean;
}

/**
 * Screencasts the session's active page to any number of viewers while at least one is watching. The pointer is
 * painted into each frame; when only the pointer changes, the last page image is painted again, so the live view
 * follows the mouse and the cursor switch even on a page that does not repaint.
 */
export class LiveView {
  private readonly viewers = new Set<Viewer>();
  private casting: { targetId: string; sessionId: string } | undefined;
  private lastImage: Buffer | undefined;
  private seq = 0;
  private rendering: Promise<void> = Promise.resolve();
  private scheduled = false;
  private pendingCapturedAt = 0;
  private generation = 0;
  private framesSinceStart = 0;

  constructor(
    private readonly tracker: PageTracker,
    private readonly screen: { width: number; height: number },
    private readonly pointer: () => Pointer,
  ) {
    tracker.conn.on('event', (e: CdpEvent) => this.onEvent(e));
    tracker.on('active', () => void this.restart());
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  async add(viewer: Viewer): Promise<void> {
    this.viewers.add(viewer);
    if (this.viewers.size === 1) await this.restart();
    else if (this.lastImage) this.render(Date.now());
  }

  remove(viewer: Viewer): void {
    viewer.close();
    this.viewers.delete(viewer);
    if (this.viewers.size === 0) void this.stop();
  }

  /** The pointer moved or was shown/hidden: paint it onto the last image. */
  pointerChanged(): void {
    if (this.viewers.size && this.lastImage) this.render(Date.now());
  }

  end(reason: EndReason): void {
    for (const v of this.viewers) v.push({ type: 'end', reason });
    this.viewers.clear();
    this.casting = undefined;
    this.lastImage = undefined;
  }

  private async restart(): Promise<void> {
    const gen = ++this.generation;
    await this.stop();
    if (!this.viewers.size) return;
    const target = await this.tracker.activeSession().catch(() => undefined);
    if (!target || gen !== this.generation) return;
    this.casting = target;
    this.framesSinceStart = 0;
    const send = (method: string, params: object = {}, timeoutMs?: number) =>
      this.tracker.conn.send(method, params, target.sessionId, timeoutMs);
    try {
      await send('Page.enable');
      await send('Page.startScreencast', {
        format: 'jpeg',
        quality: JPEG_QUALITY,
        maxWidth: this.screen.width,
        maxHeight: this.screen.height,
        everyNthFrame: 1,
      });
    } catch {
      return; // The page closed; the tracker names the next active page.
    }
    // A page that is not repainting sends no screencast frame, so the first image may have to be a capture. A tab
    // still being set up may not answer one yet, and may already have painted: ask again until something arrives.
    for (let attempt = 0; attempt < FIRST_CAPTURE_ATTEMPTS; attempt++) {
      const shot = await send('Page.captureScreenshot', { format: 'jpeg', quality: JPEG_QUALITY }, FIRST_CAPTURE_TIMEOUT_MS).catch(
        () => undefined,
      );
      if (gen !== this.generation || this.framesSinceStart > 0 || !this.viewers.size) return;
      if (shot) {
        this.lastImage = Buffer.from(String(shot.data), 'base64');
        this.render(Date.now());
        return;
      }
    }
  }

  private async stop(): Promise<void> {
    const was = this.casting;
    this.casting = undefined;
    if (!was) return;
    await this.tracker.conn.send('Page.stopScreencast', {}, was.sessionId).catch(() => {});
  }

  private onEvent(e: CdpEvent): void {
    if (e.method !== 'Page.screencastFrame' || !this.casting || e.sessionId !== this.casting.sessionId) return;
    const params = e.params as { data: string; sessionId: number; metadata: { timestamp?: number } };
    const ack = () => this.tracker.conn.send('Page.screencastFrameAck', { sessionId: params.sessionId }, e.sessionId).catch(() => {});
    this.framesSinceStart++;
    this.lastImage = Buffer.from(params.data, 'base64');
    const capturedAt = params.metadata.timestamp ? Math.round(params.metadata.timestamp * 1000) : Date.now();
    // Chromium captures the next frame while this one is painted; renders coalesce, so a backlog cannot build up.
    void ack();
    void this.render(capturedAt);
  }

  /** Paints the newest image with the current pointer; renders requested while one runs collapse into one. */
  private render(capturedAt: number): Promise<void> {
    this.pendingCapturedAt = capturedAt;
    if (!this.scheduled) {
      this.scheduled = true;
      this.rendering = this.rendering.then(() => this.paint()).catch(() => {});
    }
    return this.rendering;
  }

  private async paint(): Promise<void> {
    this.scheduled = false;
    const image = this.lastImage;
    if (!this.viewers.size || !image) return;
    const p = this.pointer();
    const frame = await composeFrame(image, {
      format: 'jpeg',
      pointer: p.hidden ? null : p,
      screenWidth: this.screen.width,
      quality: JPEG_QUALITY,
    });
    const event: LiveViewEvent = {
      type: 'frame',
      seq: ++this.seq,
      width: frame.width,
      height: frame.height,
      data_b64: frame.data.toString('base64'),
      captured_at: this.pendingCapturedAt,
    };
    for (const v of this.viewers) v.push(event);
  }
}
