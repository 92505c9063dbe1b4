import type { BrowserService } from '../browsers/service';
import { viewportOf } from '../browsers/sessions';
import { HttpError, notFound } from '../http/errors';
import type { EndReason } from './live-view';
import { ComputerSession } from './session';

/** The computer of every running session, connected on first use and closed when the session ends. */
export class ComputerService {
  private readonly sessions = new Map<string, Promise<ComputerSession>>();

  constructor(private readonly browsers: BrowserService) {
    browsers.hooks.onDelete.push((_live, row) => this.drop(row.id, 'deleted'));
  }

  /** The session's computer; 404 for a session that is not running or belongs to another organization. */
  async for(orgId: string, id: string): Promise<ComputerSession> {
    const live = this.browsers.liveFor(orgId, id);
    let pending = this.sessions.get(id);
    if (pending) {
      const existing = await pending.catch(() => undefined);
      if (existing && !existing.isClosed) return existing;
      if (this.sessions.get(id) === pending) this.sessions.delete(id);
      pending = undefined;
    }
    const row = this.browsers.store.byId(id);
    if (!row) throw notFound(`browser session ${id}`);
    pending = ComputerSession.open(live.chromium.wsEndpoint, viewportOf(row));
    this.sessions.set(id, pending);
    try {
      return await pending;
    } catch (err) {
      if (this.sessions.get(id) === pending) this.sessions.delete(id);
      if (!this.browsers.liveById(id)) throw notFound(`browser session ${id}`);
      throw new HttpError(503, `could not reach the session's browser: ${(err as Error).message}`);
    }
  }

  /** Runs an action on the session's computer, in order with its other actions. */
  async act<T>(orgId: string, id: string, fn: (s: ComputerSession) => Promise<T>): Promise<T> {
    const session = await this.for(orgId, id);
    try {
      return await session.run(() => fn(session));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // The session was deleted or its browser went away while the action ran.
      if (!this.browsers.liveById(id)) throw notFound(`browser session ${id}`);
      throw new HttpError(503, `the browser did not complete the action: ${(err as Error).message}`);
    }
  }

  drop(id: string, reason: EndReason): void {
    const pending = this.sessions.get(id);
    this.sessions.delete(id);
    void pending?.then((s) => s.close(reason), () => {});
  }

  closeAll(): void {
    for (const id of [...this.sessions.keys()]) this.drop(id, 'engine_closing');
  }
}
