import { EventEmitter } from 'node:events';
import WebSocket from 'ws';

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * A long-lived, engine-internal connection to Chromium's browser-level DevTools endpoint. Page targets are reached
 * through flat sessions (`sessionId` on each command), so one socket serves every tab of a session.
 * Emits 'event' (CdpEvent) and 'close'.
 */
export class CdpConnection extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedFlag = false;

  private constructor(private readonly ws: WebSocket) {
    super();
    ws.on('message', (data) => this.onMessage(String(data)));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  static open(wsEndpoint: string, timeoutMs = 10_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsEndpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('CDP connection timed out'));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new CdpConnection(ws));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string, timeoutMs = 15_000): Promise<T> {
    if (this.closedFlag) return Promise.reject(new Error(`CDP ${method}: connection closed`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`CDP ${method} timed out`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject, timer });
      this.ws.send(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
    });
  }

  close(): void {
    if (this.ws.readyState <= WebSocket.OPEN) this.ws.close();
    this.onClose();
  }

  private onMessage(text: string): void {
    let msg: { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string; result?: unknown; error?: { message: string } };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new Error(`CDP ${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result ?? {});
      return;
    }
    if (msg.method) this.emit('event', { method: msg.method, params: msg.params ?? {}, sessionId: msg.sessionId } satisfies CdpEvent);
  }

  private onClose(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error(`CDP ${p.method}: connection closed`));
      this.pending.delete(id);
    }
    this.emit('close');
  }
}
