import { describe, expect, it } from 'vitest';
import type { LiveViewEvent } from '../../lib/schemas/computer';
import { Viewer } from '../../engine/computer/live-view';

const frame = (seq: number): LiveViewEvent => ({ type: 'frame', seq, width: 1, height: 1, data_b64: '', captured_at: 0 });

describe('live-view viewer mailbox', () => {
  it('keeps only the newest frame for a viewer that is behind', async () => {
    const v = new Viewer();
    v.push(frame(1));
    v.push(frame(2));
    v.push(frame(3));
    expect(await v.next(1000)).toMatchObject({ seq: 3 });
  });

  it('hands a frame to a waiting reader and times out to undefined for a keepalive', async () => {
    const v = new Viewer();
    const waiting = v.next(1000);
    v.push(frame(7));
    expect(await waiting).toMatchObject({ seq: 7 });
    expect(await v.next(5)).toBeUndefined();
    expect(v.done).toBe(false);
  });

  it('delivers the end after which nothing more comes', async () => {
    const v = new Viewer();
    v.push({ type: 'end', reason: 'deleted' });
    v.push(frame(9));
    expect(await v.next(1000)).toEqual({ type: 'end', reason: 'deleted' });
    expect(v.done).toBe(true);
    expect(await v.next(1000)).toBeUndefined();
  });

  it('wakes a pending reader when closed', async () => {
    const v = new Viewer();
    const waiting = v.next(60_000);
    v.close();
    expect(await waiting).toBeUndefined();
    expect(v.done).toBe(true);
  });
});
