import { describe, expect, it } from 'vitest';
import { SseParser } from '@/lib/sse/parser';

const STREAM =
  'data: {"data_b64":"aGk=","stream":"stdout"}\n\n' +
  ': keepalive\n\n' +
  'data: {"data_b64":"4oKs","stream":"stderr"}\r\n\r\n' +
  'data: line one\rdata: line two\r\r' +
  'event: custom\nid: 7\ndata:no-space\n\n' +
  'data: {"event":"exit","exit_code":3}\n\n';

const EXPECTED = [
  { event: 'message', data: '{"data_b64":"aGk=","stream":"stdout"}', id: undefined },
  { event: 'message', data: '{"data_b64":"4oKs","stream":"stderr"}', id: undefined },
  { event: 'message', data: 'line one\nline two', id: undefined },
  { event: 'custom', data: 'no-space', id: '7' },
  { event: 'message', data: '{"event":"exit","exit_code":3}', id: '7' },
];

describe('SseParser', () => {
  it('parses a whole stream: LF, CRLF and CR line ends, comments, multi-line data', () => {
    const p = new SseParser();
    expect(p.feed(STREAM)).toEqual(EXPECTED);
    expect(p.comments).toBe(1);
  });

  it('gives the same events when the stream is split at every possible offset', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      const p = new SseParser();
      const events = [...p.feed(STREAM.slice(0, cut)), ...p.feed(STREAM.slice(cut))];
      expect(events, `split at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events when fed one character at a time', () => {
    const p = new SseParser();
    const events = [...STREAM].flatMap((ch) => p.feed(ch));
    expect(events).toEqual(EXPECTED);
    expect(p.comments).toBe(1);
  });

  it('does not dispatch an event before its blank line arrives', () => {
    const p = new SseParser();
    expect(p.feed('data: {"a":1}\n')).toEqual([]);
    expect(p.feed('\n')).toEqual([{ event: 'message', data: '{"a":1}', id: undefined }]);
  });

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line end', () => {
    const p = new SseParser();
    expect(p.feed('data: x\r')).toEqual([]);
    expect(p.feed('\n\r')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
    expect(p.feed('\ndata: y\n\n')).toEqual([{ event: 'message', data: 'y', id: undefined }]);
  });
});
