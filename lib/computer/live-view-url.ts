/**
 * The address to embed for a session's browser_live_view_url: read-only (the Kernel live view's readOnly=true)
 * unless the operator has taken control. Null for anything but an http(s) URL, so API data cannot smuggle a
 * javascript: or data: address into the page.
 */
export function liveViewEmbedUrl(url: string | null | undefined, readOnly: boolean): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (readOnly) u.searchParams.set('readOnly', 'true');
  else u.searchParams.delete('readOnly');
  return u.href;
}
