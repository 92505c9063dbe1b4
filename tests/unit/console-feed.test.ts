import { describe, expect, it } from 'vitest';
import { ConsoleFeed, stripAnsi, terminalText } from '@/lib/process/console-feed';

function feed(maxHeldChars?: number, maxFrameChars?: number) {
  const drawn: string[] = [];
  const frames: (() => void)[] = [];
  const f = new ConsoleFeed({ sink: (t) => drawn.push(t), schedule: (fn) => frames.push(fn), maxHeldChars, maxFrameChars });
  const frame = () => frames.splice(0).forEach((fn) => fn());
  return { f, drawn, frame };
}

describe('ConsoleFeed', () => {
  it('batches everything pushed between two frames into one write', () => {
    const { f, drawn, frame } = feed();
    f.push('a\n');
    f.push('b\n');
    expect(drawn).toEqual([]);
    frame();
    expect(drawn).toEqual(['a\nb\n']);
  });

  it('holds output while paused, counts its lines, and draws it on resume', () => {
    const { f, drawn, frame } = feed();
    f.pause();
    f.push('one\ntwo\n');
    f.push('three\n');
    frame();
    expect(drawn).toEqual([]);
    expect(f.newLines).toBe(3);
    f.resume();
    frame();
    expect(drawn).toEqual(['one\ntwo\nthree\n']);
    expect(f.newLines).toBe(0);
  });

  it('bounds what it holds while paused and says how much it dropped', () => {
    const { f, drawn, frame } = feed(10);
    f.pause();
    for (const s of ['aaaa', 'bbbb', 'cccc', 'dddd']) f.push(s);
    f.resume();
    frame();
    expect(drawn[0]).toContain('8 characters not shown');
    expect(drawn[0]!.endsWith('ccccdddd')).toBe(true);
  });

  it('draws at most maxFrameChars per frame and carries the rest to the next frames', () => {
    const { f, drawn, frame } = feed(undefined, 4);
    f.push('abcdef');
    f.push('gh');
    frame();
    expect(drawn).toEqual(['abcd']);
    frame();
    frame();
    expect(drawn).toEqual(['abcd', 'efgh']);
  });

  it('bounds what waits to be drawn even while following', () => {
    const { f, drawn, frame } = feed(6, 100);
    for (const s of ['aaa', 'bbb', 'ccc']) f.push(s);
    frame();
    expect(drawn[0]).toContain('3 characters not shown');
    expect(drawn[0]!.endsWith('bbbccc')).toBe(true);
  });
});

describe('terminalText', () => {
  it('draws stderr in its own colour and keeps it across the program’s own resets', () => {
    const t = terminalText({ kind: 'output', stream: 'stderr', text: 'x\x1b[0my' });
    expect(t).toBe('\x1b[38;5;214mx\x1b[0m\x1b[38;5;214my\x1b[39m');
    expect(terminalText({ kind: 'output', stream: 'stdout', text: '\x1b[31mred\x1b[0m' })).toBe('\x1b[31mred\x1b[0m');
    expect(stripAnsi(terminalText({ kind: 'exit', exitCode: 3 }))).toContain('process exited with code 3');
  });

  it('strips ANSI sequences for the plain-text log', () => {
    expect(stripAnsi('\x1b[1;31mred\x1b[0m \x1b]8;;http://x\x07link\x1b]8;;\x07 done')).toBe('red link done');
  });
});
