import fs from 'node:fs';
import path from 'node:path';
import type Kernel from '@onkernel/sdk';
import type { ProcessStdoutStreamResponse } from '@onkernel/sdk/resources/browsers/process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groupMembers } from '../../engine/process/proc-stats';
import { kernel, raw } from './client';

const k = kernel();
let sessionId: string;

beforeAll(async () => {
  sessionId = (await k.browsers.create({ headless: true })).session_id;
});

afterAll(async () => {
  await k.browsers.deleteByID(sessionId).catch(() => {});
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function spawn(command: string, args: string[] = [], extra: Record<string, unknown> = {}, session = sessionId) {
  const r = await k.browsers.process.spawn(session, { command, args, ...extra });
  expect(r.process_id).toMatch(/^[0-9a-f-]{36}$/);
  return r.process_id!;
}

/** Reads a whole stdout stream through the SDK: the events, and stdout/stderr decoded. */
async function readStream(processId: string, client: Kernel = k, session = sessionId) {
  const stream = await client.browsers.process.stdoutStream(processId, { id: session });
  const events: ProcessStdoutStreamResponse[] = [];
  for await (const e of stream) events.push(e);
  const text = (name: 'stdout' | 'stderr') =>
    Buffer.concat(events.filter((e) => e.stream === name).map((e) => Buffer.from(e.data_b64!, 'base64'))).toString();
  return { events, stdout: text('stdout'), stderr: text('stderr'), last: events.at(-1) };
}

describe('process stdout stream', () => {
  it('yields the output (stdout and stderr apart) and then the exit event', async () => {
    const id = await spawn('sh', ['-c', 'echo out; echo err >&2; printf "no newline"']);
    const { events, stdout, stderr, last } = await readStream(id);
    expect(stdout).toBe('out\nno newline');
    expect(stderr).toBe('err\n');
    expect(last).toEqual({ event: 'exit', exit_code: 0 });
    expect(events.filter((e) => e.event === 'exit')).toHaveLength(1);
    for (const e of events.slice(0, -1)) expect(Object.keys(e)).toEqual(['data_b64', 'stream']);
  });

  it("uses Kernel's framing on the wire: data lines of JSON, no event: lines", async () => {
    const id = await spawn('sh', ['-c', 'echo hi']);
    const res = await raw(`/browsers/${sessionId}/process/${id}/stdout/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-sse-content-type')).toBe('application/json');
    const text = await res.text();
    expect(text).toBe(`data: {"data_b64":"${b64('hi\n')}","stream":"stdout"}\n\ndata: {"event":"exit","exit_code":0}\n\n`);
  });

  it('gives two concurrent subscribers and a late one the whole output, each ending with exit', async () => {
    const id = await spawn('sh', ['-c', 'for i in $(seq 1 30); do echo "line $i"; sleep 0.02; done; echo bye >&2']);
    const expected = Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join('');
    const [a, b] = await Promise.all([readStream(id), readStream(id)]);
    const late = await readStream(id);
    for (const r of [a, b, late]) {
      expect(r.stdout).toBe(expected);
      expect(r.stderr).toBe('bye\n');
      expect(r.last).toEqual({ event: 'exit', exit_code: 0 });
    }
  });

  it('marks a replay whose start the bounded log no longer holds, and still ends with exit', async () => {
    const total = 6_000_000;
    const id = await spawn('sh', ['-c', `head -c ${total} /dev/zero | tr '\\0' a`]);
    const first = await readStream(id);
    // The first reader may or may not fall behind the bound; the late one certainly starts after the cut.
    const late = await readStream(id);
    expect(late.events[0]).toMatchObject({ event: 'truncated' });
    const dropped = (late.events[0] as { dropped_bytes: number }).dropped_bytes;
    expect(dropped).toBeGreaterThan(0);
    expect(dropped + late.stdout.length).toBe(total);
    expect(late.last).toEqual({ event: 'exit', exit_code: 0 });
    const firstDropped = first.events.filter((e) => (e.event as string) === 'truncated').reduce((n, e) => n + (e as { dropped_bytes: number }).dropped_bytes, 0);
    expect(firstDropped + first.stdout.length).toBe(total);
    expect(first.last).toEqual({ event: 'exit', exit_code: 0 });
  });

  it('counts open streams and lets go of them when the client disconnects', async () => {
    const id = await spawn('sleep', ['1000']);
    const streamsOf = async () => {
      const list = (await (await raw(`/browsers/${sessionId}/process`)).json()) as { process_id: string; streams: number }[];
      return list.find((p) => p.process_id === id)?.streams;
    };
    const controller = new AbortController();
    const res = await raw(`/browsers/${sessionId}/process/${id}/stdout/stream`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(await streamsOf()).toBe(1);
    controller.abort();
    await expect.poll(streamsOf).toBe(0);
    await k.browsers.process.kill(id, { id: sessionId, signal: 'KILL' });
  });
});

describe('process stdin, exec, kill and status', () => {
  it('echoes stdin through cat with the right written_bytes, and EOF ends it', async () => {
    const id = await spawn('cat');
    const streamed = readStream(id);
    const text = 'héllo wörld ✓😀\n';
    const r = await k.browsers.process.stdin(id, { id: sessionId, data_b64: b64(text) });
    expect(r.written_bytes).toBe(Buffer.byteLength(text));
    const eof = await raw(`/browsers/${sessionId}/process/${id}/stdin`, json({ data_b64: '', eof: true }));
    expect(await eof.json()).toEqual({ written_bytes: 0 });
    const { stdout, last } = await streamed;
    expect(stdout).toBe(text);
    expect(last).toEqual({ event: 'exit', exit_code: 0 });
  });

  it('propagates exit codes: 0, 3 and -1 for a killed process', async () => {
    expect((await k.browsers.process.exec(sessionId, { command: 'true' })).exit_code).toBe(0);
    const three = await k.browsers.process.exec(sessionId, { command: 'sh', args: ['-c', 'echo x; echo y >&2; exit 3'] });
    expect(three).toMatchObject({ exit_code: 3, stdout_b64: b64('x\n'), stderr_b64: b64('y\n') });
    expect(three.duration_ms).toBeGreaterThanOrEqual(0);

    const id = await spawn('sleep', ['1000']);
    expect(await k.browsers.process.status(id, { id: sessionId })).toMatchObject({ state: 'running', exit_code: null });
    expect(await k.browsers.process.kill(id, { id: sessionId, signal: 'TERM' })).toEqual({ ok: true });
    const { last } = await readStream(id);
    expect(last).toEqual({ event: 'exit', exit_code: -1 });
    expect(await k.browsers.process.status(id, { id: sessionId })).toMatchObject({ state: 'exited', exit_code: -1 });
    const again = await raw(`/browsers/${sessionId}/process/${id}/kill`, json({ signal: 'KILL' }));
    expect(again.status).toBe(409);
  });

  it('honours cwd, env and timeout_sec, in the same filesystem the file browser shows', async () => {
    const r = await k.browsers.process.exec(sessionId, {
      command: 'sh',
      args: ['-c', 'pwd; echo "$WHO" > note.txt'],
      cwd: '/downloads',
      env: { WHO: 'operator' },
    });
    expect(r.exit_code).toBe(0);
    const root = path.join(inject('engineDataDir'), 'sessions', sessionId, 'fs');
    expect(fs.readFileSync(path.join(root, 'downloads', 'note.txt'), 'utf8')).toBe('operator\n');
    const pwd = Buffer.from(r.stdout_b64!, 'base64').toString().trim();
    expect(['/downloads', fs.realpathSync(path.join(root, 'downloads'))]).toContain(pwd);

    const slow = await raw(`/browsers/${sessionId}/process/exec`, json({ command: 'sleep', args: ['30'], timeout_sec: 1 }));
    expect(slow.status).toBe(504);
    expect(slow.headers.get('x-should-retry')).toBe('false');
    expect(await slow.json()).toMatchObject({ code: 'timeout' });
    const id = await spawn('sleep', ['30'], { timeout_sec: 1 });
    expect((await readStream(id)).last).toEqual({ event: 'exit', exit_code: -1 });
  });

  it('reports status with memory while running', async () => {
    const id = await spawn('sleep', ['1000']);
    const s = await k.browsers.process.status(id, { id: sessionId });
    expect(s.state).toBe('running');
    expect(s.cpu_pct).toBeGreaterThanOrEqual(0);
    await k.browsers.process.kill(id, { id: sessionId, signal: 'KILL' });
  });
});

describe('process bad input', () => {
  it('answers invalid base64 with 400, an unknown process with 404 and stdin to an exited process with 409', async () => {
    const id = await spawn('cat');
    for (const bad of ['$$$$', 'aGVsbG8', 'aGV sbG8=', '-_-_', '']) {
      const r = await raw(`/browsers/${sessionId}/process/${id}/stdin`, json({ data_b64: bad }));
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { message: string }).message).toMatch(/^data_b64: /);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [p, init] of [
      [`/browsers/${sessionId}/process/${unknown}/status`, {}],
      [`/browsers/${sessionId}/process/${unknown}/stdout/stream`, {}],
      [`/browsers/${sessionId}/process/${unknown}/stdin`, json({ data_b64: 'YQ==' })],
      [`/browsers/${sessionId}/process/${unknown}/kill`, json({ signal: 'TERM' })],
    ] as const) {
      const r = await raw(p, init);
      expect(r.status, p).toBe(404);
      expect(await r.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await raw(`/browsers/${sessionId}/process/not-a-uuid/status`)).status).toBe(400);
    await expect(k.browsers.process.status(id, { id: 'no-such-session' })).rejects.toMatchObject({ status: 404 });
    await expect(kernel('other').browsers.process.status(id, { id: sessionId })).rejects.toMatchObject({ status: 404 });

    await raw(`/browsers/${sessionId}/process/${id}/stdin`, json({ data_b64: '', eof: true }));
    await readStream(id);
    const late = await raw(`/browsers/${sessionId}/process/${id}/stdin`, json({ data_b64: 'YQ==' }));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/exited/);
  });

  it('refuses bad spawn requests with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'command'],
      [{ command: '' }, 'command'],
      [{ command: 'no-such-command-xyz' }, 'command'],
      [{ command: 'ls', cwd: 'relative' }, 'cwd'],
      [{ command: 'ls', cwd: '/does/not/exist' }, 'cwd'],
      [{ command: 'ls', env: { 'BAD-NAME': 'x' } }, 'env.BAD-NAME'],
      [{ command: 'ls', timeout_sec: 0 }, 'timeout_sec'],
      [{ command: 'ls', args: 'not-an-array' }, 'args'],
      [{ command: 'ls', allocate_tty: true }, 'allocate_tty'],
      [{ command: 'ls', surprise: 1 }, 'surprise'],
    ];
    for (const [body, field] of cases) {
      const r = await raw(`/browsers/${sessionId}/process/spawn`, json(body));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(((await r.json()) as { message: string }).message.startsWith(`${field}: `), JSON.stringify(body)).toBe(true);
    }
    const kill = await raw(`/browsers/${sessionId}/process/${await spawn('true')}/kill`, json({ signal: 'STOP' }));
    expect(kill.status).toBe(400);
  });
});

describe('process lifetime', () => {
  it('lists the session newest first, and deleting the session kills its processes', async () => {
    const other = (await k.browsers.create({ headless: true })).session_id;
    const { process_id: id, pid } = await k.browsers.process.spawn(other, { command: 'sh', args: ['-c', 'sleep 1000 & sleep 1000'] });
    await expect.poll(() => groupMembers(pid!).length).toBeGreaterThanOrEqual(3);
    const list = (await (await raw(`/browsers/${other}/process?limit=10`)).json()) as { process_id: string; state: string; command: string }[];
    expect(list[0]).toMatchObject({ process_id: id, state: 'running', command: 'sh' });
    const one = await raw(`/browsers/${other}/process/${id}`);
    expect(await one.json()).toMatchObject({ process_id: id, pid, args: ['-c', 'sleep 1000 & sleep 1000'], cwd: '/', kind: 'spawn', exit_code: null });
    const stream = readStream(id!, k, other);
    await k.browsers.deleteByID(other);
    expect((await stream).last).toEqual({ event: 'exit', exit_code: -1 });
    await expect.poll(() => groupMembers(pid!).length).toBe(0);
  });
});
