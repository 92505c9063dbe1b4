import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../lib/computer/sse-parser';

describe('SSE parser', () => {
  it('emits each complete event once, across chunk boundaries, skipping comments', () => {
    const got: string[] = [];
    const push = createSseParser((d) => got.push(d));
    push(': live view\n\n');
    push('data: {"a":');
    expect(got).toEqual([]);
    push('1}\n\ndata: two\n');
    expect(got).toEqual(['{"a":1}']);
    push('\n: keepalive\n\ndata:x\ndata: y\n\n');
    expect(got).toEqual(['{"a":1}', 'two', 'x\ny']);
  });

  it('accepts CRLF line endings', () => {
    const got: string[] = [];
    createSseParser((d) => got.push(d))('data: 1\r\n\r\ndata: 2\r\n\r\n');
    expect(got).toEqual(['1', '2']);
  });
});
