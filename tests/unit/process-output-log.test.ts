import { describe, expect, it } from 'vitest';
import { OutputLog } from '@/engine/process/output-log';
import { sseBody } from '@/engine/process/sse';
import { SseParser } from '@/lib/sse/parser';

const b = (s: string) => Buffer.from(s);

function readAll(log: OutputLog, from = { index: 0, offset: 0 }) {
  const r = log.read(from, Infinity);
  return { dropped: r.droppedBytes, text: r.chunks.map((c) => c.data.toString()).join(''), exit: r.exitCode, next: r.next };
}

describe('OutputLog', () => {
  it('replays everything to every reader, each with its own cursor', () => {
    const log = new OutputLog(1024);
    log.append('stdout', b('one '));
    const early = readAll(log);
    log.append('stderr', b('two '));
    log.append('stdout', b('three'));
    log.finish(0);
    expect(readAll(log)).toMatchObject({ dropped: 0, text: 'one two three', exit: 0 });
    expect(readAll(log, early.next)).toMatchObject({ dropped: 0, text: 'two three', exit: 0 });
  });

  it('drops the oldest chunks past its bound and tells each reader how many bytes it missed', () => {
    const log = new OutputLog(10);
    log.append('stdout', b('aaaa'));
    const slow = readAll(log).next;
    log.append('stdout', b('bbbb'));
    log.append('stdout', b('cccc'));
    log.append('stdout', b('dddd'));
    expect(log.retainedBytes).toBe(8);
    expect(readAll(log)).toMatchObject({ dropped: 8, text: 'ccccdddd' });
    expect(readAll(log, slow)).toMatchObject({ dropped: 4, text: 'ccccdddd' });
  });

  it('keeps the exit code when the output is discarded', () => {
    const log = new OutputLog(100);
    log.append('stdout', b('hello'));
    log.finish(-1);
    log.discard();
    expect(readAll(log)).toMatchObject({ dropped: 5, text: '', exit: -1 });
    expect(log.totalBytes).toBe(5);
  });

  it('ignores output after the exit', () => {
    const log = new OutputLog(100);
    log.finish(0);
    log.append('stdout', b('late'));
    expect(readAll(log)).toMatchObject({ text: '', exit: 0 });
  });
});

async function collect(stream: ReadableStream<Uint8Array>, until?: (raw: string) => boolean) {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let raw = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    raw += dec.decode(value, { stream: true });
    if (until?.(raw)) {
      await reader.cancel();
      break;
    }
  }
  return raw;
}

describe('sseBody', () => {
  it("frames events exactly as Kernel does and ends with the exit event, after all output", async () => {
    const log = new OutputLog(1024);
    let closed = 0;
    const body = sseBody(log, { heartbeatMs: 60_000, onClose: () => closed++ });
    log.append('stdout', b('hi'));
    setTimeout(() => {
      log.append('stderr', b('oops'));
      log.finish(3);
    }, 20);
    const raw = await collect(body);
    expect(raw).toBe(
      'data: {"data_b64":"aGk=","stream":"stdout"}\n\n' +
        'data: {"data_b64":"b29wcw==","stream":"stderr"}\n\n' +
        'data: {"event":"exit","exit_code":3}\n\n',
    );
    expect(closed).toBe(1);
  });

  it('sends ": keepalive" comments while the process is silent, and nothing else', async () => {
    const log = new OutputLog(1024);
    const body = sseBody(log, { heartbeatMs: 15, onClose: () => {} });
    const raw = await collect(body, (r) => r.split(': keepalive\n\n').length > 3);
    expect(raw.replaceAll(': keepalive\n\n', '')).toBe('');
  });

  it('starts with a truncated marker when the log was cut before the reader came', async () => {
    const log = new OutputLog(4);
    log.append('stdout', b('1234'));
    log.append('stdout', b('5678'));
    log.finish(0);
    const events = new SseParser().feed(await collect(sseBody(log, { heartbeatMs: 60_000, onClose: () => {} })));
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { event: 'truncated', dropped_bytes: 4 },
      { data_b64: b('5678').toString('base64'), stream: 'stdout' },
      { event: 'exit', exit_code: 0 },
    ]);
  });

  it('runs onClose once when the client goes away mid-stream', async () => {
    const log = new OutputLog(1024);
    let closed = 0;
    const body = sseBody(log, { heartbeatMs: 60_000, onClose: () => closed++ });
    log.append('stdout', b('x'));
    await collect(body, (r) => r.includes('data:'));
    expect(closed).toBe(1);
    log.append('stdout', b('more'));
    log.finish(0);
    expect(closed).toBe(1);
  });
});
