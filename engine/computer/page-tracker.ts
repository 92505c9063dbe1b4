import { EventEmitter } from 'node:events';
import { CdpConnection, type CdpEvent } from '../browsers/cdp-connection';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/**
 * One engine-internal CDP connection per session, and which page is "on screen": the most recently opened tab
 * that is still open (headless Chromium has no focused window to ask). Emits 'active' when that page changes and
 * 'close' when the connection ends.
 */
export class PageTracker extends EventEmitter {
  private readonly pages: string[] = [];
  private readonly sessions = new Map<string, Promise<string>>();
  private activeId: string | undefined;

  private constructor(readonly conn: CdpConnection) {
    super();
    conn.on('event', (e: CdpEvent) => this.onEvent(e));
    conn.on('close', () => this.emit('close'));
  }

  static async open(wsEndpoint: string): Promise<PageTracker> {
    const conn = await CdpConnection.open(wsEndpoint);
    const tracker = new PageTracker(conn);
    try {
      const { targetInfos } = await conn.send<{ targetInfos: TargetInfo[] }>('Target.getTargets');
      for (const t of targetInfos) tracker.added(t);
      await conn.send('Target.setDiscoverTargets', { discover: true });
    } catch (err) {
      conn.close();
      throw err;
    }
    return tracker;
  }

  get active(): string | undefined {
    return this.activeId;
  }

  /** The flat CDP session id for the active page (attached once per page), or undefined without a page. */
  async activeSession(): Promise<{ targetId: string; sessionId: string } | undefined> {
    const targetId = this.activeId;
    if (!targetId) return undefined;
    return { targetId, sessionId: await this.sessionFor(targetId) };
  }

  sessionFor(targetId: string): Promise<string> {
    let s = this.sessions.get(targetId);
    if (!s) {
      s = this.conn.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true }).then((r) => r.sessionId);
      this.sessions.set(targetId, s);
      s.catch(() => this.sessions.delete(targetId));
    }
    return s;
  }

  close(): void {
    this.conn.close();
  }

  private onEvent(e: CdpEvent): void {
    if (e.method === 'Target.targetCreated' || e.method === 'Target.targetInfoChanged') {
      this.added(e.params.targetInfo as TargetInfo);
    } else if (e.method === 'Target.targetDestroyed' || e.method === 'Target.targetCrashed') {
      this.removed(e.params.targetId as string);
    } else if (e.method === 'Target.detachedFromTarget') {
      const targetId = e.params.targetId as string | undefined;
      if (targetId) this.sessions.delete(targetId);
    }
  }

  private added(t: TargetInfo): void {
    if (t.type !== 'page' || t.url.startsWith('devtools://') || this.pages.includes(t.targetId)) return;
    this.pages.push(t.targetId);
    this.update();
  }

  private removed(targetId: string): void {
    const i = this.pages.indexOf(targetId);
    if (i < 0) return;
    this.pages.splice(i, 1);
    this.sessions.delete(targetId);
    this.update();
  }

  private update(): void {
    const next = this.pages[this.pages.length - 1];
    if (next === this.activeId) return;
    this.activeId = next;
    this.emit('active', next);
  }
}
