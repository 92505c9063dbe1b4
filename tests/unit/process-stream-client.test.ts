import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleChunk } from '@/lib/process/output-decoder';
import { ProcessStreamClient, type StreamState } from '@/lib/process/stream-client';

const frame = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`;
const out = (s: string, stream = 'stdout') => frame({ data_b64: Buffer.from(s).toString('base64'), stream });

let server: http.Server | undefined;
afterEach(() => server?.close());

/** A real HTTP server whose nth connection is answered by handlers[n] (the last one repeats). */
async function serve(handlers: ((res: http.ServerResponse) => void)[]) {
  let n = 0;
  server = http.createServer((_req, res) => handlers[Math.min(n++, handlers.length - 1)]!(res));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/stream`, connections: () => n };
}

function follow(url: string) {
  const chunks: ConsoleChunk[] = [];
  const states: StreamState[] = [];
  let resolve!: () => void;
  const finished = new Promise<void>((r) => (resolve = r));
  const client = new ProcessStreamClient({
    url,
    backoff: { baseMs: 10, maxMs: 50 },
    onChunk: (c) => chunks.push(c),
    onState: (s) => {
      states.push(s);
      if (s.kind === 'ended' || s.kind === 'failed') resolve();
    },
  });
  client.start();
  const text = () => chunks.map((c) => (c.kind === 'output' ? c.text : '')).join('');
  return { client, chunks, states, finished, text };
}

const sse = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

describe('ProcessStreamClient', () => {
  it('reconnects after a dropped connection and shows every byte exactly once', async () => {
    const { url, connections } = await serve([
      (res) => {
        sse(res);
        res.write(out('one\n') + out('tw'));
        setTimeout(() => res.socket!.destroy(), 20);
      },
      (res) => {
        sse(res);
        res.end(out('one\n') + out('two\n') + out('err\n', 'stderr') + out('three\n') + frame({ event: 'exit', exit_code: 3 }));
      },
    ]);
    const f = follow(url);
    await f.finished;
    expect(f.text()).toBe('one\ntwo\nerr\nthree\n');
    expect(f.chunks.at(-1)).toEqual({ kind: 'exit', exitCode: 3 });
    expect(f.states.map((s) => s.kind)).toEqual(['connecting', 'open', 'reconnecting', 'open', 'ended']);
    expect(connections()).toBe(2);
  });

  it('keeps retrying through 503s with growing delays', async () => {
    const { url, connections } = await serve([
      (res) => res.writeHead(503).end('{"message":"engine restarting"}'),
      (res) => res.writeHead(503).end('{"message":"engine restarting"}'),
      (res) => {
        sse(res);
        res.end(out('ok') + frame({ event: 'exit', exit_code: 0 }));
      },
    ]);
    const f = follow(url);
    await f.finished;
    const waits = f.states.filter((s) => s.kind === 'reconnecting');
    expect(waits.map((s) => s.kind === 'reconnecting' && s.attempt)).toEqual([1, 2]);
    expect(waits[0]).toMatchObject({ reason: 'engine restarting' });
    expect(f.text()).toBe('ok');
    expect(connections()).toBe(3);
  });

  it('gives up at once on a 404 or 401 instead of reconnecting', async () => {
    for (const status of [404, 401]) {
      const { url, connections } = await serve([(res) => res.writeHead(status).end('{"message":"process x not found"}')]);
      const f = follow(url);
      await f.finished;
      expect(f.states.at(-1)).toMatchObject({ kind: 'failed', status });
      expect(connections()).toBe(1);
      server!.close();
    }
  });

  it('stops cleanly: no further connections after stop()', async () => {
    const { url, connections } = await serve([(res) => (sse(res), res.write(': keepalive\n\n'))]);
    const f = follow(url);
    await expect.poll(() => f.states.at(-1)?.kind).toBe('open');
    f.client.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(connections()).toBe(1);
  });
});
