import WebSocket from 'ws';

/**
 * Sends the browser's first page to a URL over one browser-level CDP connection: find the page target, attach
 * (flat session), Page.navigate. Resolves once the navigation has started; rejects on any failure or timeout.
 */
export function navigateFirstPage(wsEndpoint: string, url: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsEndpoint, { perMessageDeflate: false });
    let nextId = 0;
    const pending = new Map<number, (msg: { result?: Record<string, unknown>; error?: { message: string } }) => void>();
    const finish = (err?: Error) => {
      clearTimeout(timer);
      ws.terminate();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error('navigation timed out')), timeoutMs);
    const send = (method: string, params: Record<string, unknown>, sessionId?: string) =>
      new Promise<Record<string, unknown>>((res, rej) => {
        const id = ++nextId;
        pending.set(id, (msg) => (msg.error ? rej(new Error(`${method}: ${msg.error.message}`)) : res(msg.result ?? {})));
        ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      if (msg.id === undefined) return;
      pending.get(msg.id)?.(msg);
      pending.delete(msg.id);
    });
    ws.once('error', (err) => finish(err));
    ws.once('open', () => {
      void (async () => {
        const { targetInfos } = (await send('Target.getTargets', {})) as { targetInfos: { targetId: string; type: string }[] };
        const page = targetInfos.find((t) => t.type === 'page');
        if (!page) {
          await send('Target.createTarget', { url });
          return;
        }
        const { sessionId } = (await send('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as { sessionId: string };
        await send('Page.navigate', { url }, sessionId);
      })().then(
        () => finish(),
        (err: Error) => finish(err),
      );
    });
  });
}
