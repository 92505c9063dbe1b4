import WebSocket from 'ws';

/** Sends one CDP command on a short-lived browser-level connection. */
export function cdpCall(wsEndpoint: string, method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsEndpoint, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`CDP ${method} timed out`));
    }, timeoutMs);
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (msg.id !== 1) return;
      clearTimeout(timer);
      ws.close();
      if (msg.error) reject(new Error(`CDP ${method}: ${msg.error.message}`));
      else resolve(msg.result);
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
