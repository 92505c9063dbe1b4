import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '@/lib/process/base64';
import { ProcessOutputDecoder, type ConsoleChunk } from '@/lib/process/output-decoder';
import type { ProcessStreamEvent, ProcessStreamName } from '@/lib/schemas/process';

const enc = new TextEncoder();
const out = (bytes: Uint8Array, stream: ProcessStreamName = 'stdout'): ProcessStreamEvent => ({ data_b64: bytesToBase64(bytes), stream });
const textOf = (chunks: ConsoleChunk[], stream: ProcessStreamName = 'stdout') =>
  chunks.map((c) => (c.kind === 'output' && c.stream === stream ? c.text : '')).join('');

describe('ProcessOutputDecoder', () => {
  it('renders a multi-byte character split across events at every offset, on stdout and stderr at once', () => {
    const text = 'a€b😀c✓';
    const bytes = enc.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const d = new ProcessOutputDecoder();
      const chunks = [
        ...d.push(out(bytes.subarray(0, cut))),
        ...d.push(out(bytes.subarray(0, bytes.length - cut), 'stderr')),
        ...d.push(out(bytes.subarray(cut))),
        ...d.push(out(bytes.subarray(bytes.length - cut), 'stderr')),
        ...d.push({ event: 'exit', exit_code: 0 }),
      ];
      expect(textOf(chunks), `stdout split at ${cut}`).toBe(text);
      expect(textOf(chunks, 'stderr'), `stderr split at ${bytes.length - cut}`).toBe(text);
      expect(textOf(chunks) + textOf(chunks, 'stderr')).not.toContain('\uFFFD');
    }
  });

  it('splits a 4-byte emoji into single bytes without a replacement character', () => {
    const d = new ProcessOutputDecoder();
    const chunks = [...enc.encode('😀')].flatMap((b) => d.push(out(Uint8Array.of(b))));
    expect(textOf(chunks)).toBe('😀');
  });

  it('shows invalid UTF-8 as replacement characters instead of failing', () => {
    const d = new ProcessOutputDecoder();
    const chunks = [...d.push(out(Uint8Array.of(0x61, 0xff, 0x62))), ...d.push({ event: 'exit', exit_code: 0 })];
    expect(textOf(chunks)).toBe('a\uFFFDb');
  });

  it('flushes an incomplete character at exit and reports the exit last', () => {
    const d = new ProcessOutputDecoder();
    const chunks = [...d.push(out(enc.encode('€').subarray(0, 2))), ...d.push({ event: 'exit', exit_code: 3 })];
    expect(chunks.at(-1)).toEqual({ kind: 'exit', exitCode: 3 });
    expect(textOf(chunks)).toBe('\uFFFD');
  });

  it('skips what it already showed when a reconnection replays the output from the start', () => {
    const d = new ProcessOutputDecoder();
    d.connect();
    const first = [...d.push(out(enc.encode('one\n'))), ...d.push(out(enc.encode('two\n')))];
    expect(textOf(first)).toBe('one\ntwo\n');
    // The connection drops; the replay comes in different chunk sizes and carries new output.
    d.connect();
    const replay = [...d.push(out(enc.encode('one\ntw'))), ...d.push(out(enc.encode('o\nthree\n'))), ...d.push({ event: 'exit', exit_code: 0 })];
    expect(textOf(replay)).toBe('three\n');
    expect(d.received).toBe(14);
  });

  it('turns a truncation marker into one gap of the bytes it never saw', () => {
    const d = new ProcessOutputDecoder();
    d.connect();
    expect(textOf(d.push(out(enc.encode('abc'))))).toBe('abc');
    d.connect();
    const chunks = [...d.push({ event: 'truncated', dropped_bytes: 10 }), ...d.push(out(enc.encode('xyz')))];
    expect(chunks[0]).toEqual({ kind: 'gap', droppedBytes: 7 });
    expect(textOf(chunks)).toBe('xyz');
    expect(d.received).toBe(13);
    // A later replay that starts after the same cut shows nothing twice and no second gap.
    d.connect();
    expect(d.push({ event: 'truncated', dropped_bytes: 10 })).toEqual([]);
    expect(d.push(out(enc.encode('xyz')))).toEqual([]);
  });
});
