import { describe, expect, it } from 'vitest';
import { liveViewEmbedUrl } from '../../lib/computer/live-view-url';

describe('live view embed URL', () => {
  const url = 'https://proxy.iad.onkernel.com:8443/browser/live?jwt=abc';
  it('adds readOnly=true until the operator takes control, keeping the token', () => {
    expect(liveViewEmbedUrl(url, true)).toBe(`${url}&readOnly=true`);
    expect(liveViewEmbedUrl(url, false)).toBe(url);
    expect(liveViewEmbedUrl(`${url}&readOnly=true`, false)).toBe(url);
  });

  it('refuses missing and non-http addresses', () => {
    expect(liveViewEmbedUrl(undefined, true)).toBeNull();
    expect(liveViewEmbedUrl('javascript:alert(1)', true)).toBeNull();
    expect(liveViewEmbedUrl('not a url', false)).toBeNull();
  });
});
