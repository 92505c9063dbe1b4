/**
 * The page behind a session's browser_live_view_url: open it (or put it in an iframe) to watch the browser, and,
 * unless the URL says readOnly=true, to use it with mouse, wheel and keyboard. Its script is static; the session
 * token travels in the page's own query string and never in the markup.
 */
export function livePageHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live view</title>
<style>
  html, body { margin: 0; height: 100%; background: #0b0b0c; color: #d4d4d8; font: 14px system-ui, sans-serif; }
  #screen { display: block; width: 100%; height: 100%; object-fit: contain; outline: none; user-select: none; }
  #screen[data-interactive="true"] { cursor: default; }
  #status { position: fixed; inset: auto 0 0 0; padding: 8px 12px; background: rgba(0, 0, 0, .7); text-align: center; }
  #status[hidden] { display: none; }
</style>
</head>
<body>
<img id="screen" alt="Live view of the browser" tabindex="0" draggable="false">
<div id="status" role="status" aria-live="polite">Connecting to the browser…</div>
<script nonce="${nonce}">
(() => {
  const query = new URLSearchParams(location.search);
  const jwt = encodeURIComponent(query.get('jwt') || '');
  const interactive = query.get('readOnly') !== 'true';
  const base = location.pathname.replace(/\\/$/, '');
  const img = document.getElementById('screen');
  const status = document.getElementById('status');
  img.dataset.interactive = String(interactive);
  let size = null;
  let ended = false;
  const say = (text) => { status.textContent = text; status.hidden = !text; };

  const events = new EventSource(base + '/stream?jwt=' + jwt);
  events.onmessage = (m) => {
    const e = JSON.parse(m.data);
    if (e.type === 'frame') {
      img.src = 'data:image/jpeg;base64,' + e.data_b64;
      size = { width: e.width, height: e.height };
      say('');
    } else if (e.type === 'end') {
      ended = true;
      events.close();
      say('The browser session has ended.');
    }
  };
  events.onerror = () => {
    if (ended) return;
    if (events.readyState === EventSource.CLOSED) { ended = true; say('The live view is not available: the session has ended or the link is invalid.'); }
    else say('Reconnecting…');
  };
  if (!interactive) return;

  let queue = Promise.resolve();
  const send = (action, params) => {
    if (ended) return;
    queue = queue.then(() => fetch(base + '/input?jwt=' + jwt, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action, params }),
    })).catch(() => {});
  };
  const point = (ev) => {
    if (!size) return null;
    const r = img.getBoundingClientRect();
    const k = Math.min(r.width / size.width, r.height / size.height);
    const x = Math.floor((ev.clientX - r.left - (r.width - size.width * k) / 2) / k);
    const y = Math.floor((ev.clientY - r.top - (r.height - size.height * k) / 2) / k);
    return x >= 0 && y >= 0 && x < size.width && y < size.height ? { x, y } : null;
  };
  const buttons = ['left', 'middle', 'right', 'back', 'forward'];
  for (const [type, kind] of [['mousedown', 'down'], ['mouseup', 'up']]) {
    img.addEventListener(type, (ev) => {
      ev.preventDefault();
      img.focus();
      const p = point(ev);
      if (p) send('click_mouse', { ...p, button: buttons[ev.button] || 'left', click_type: kind });
    });
  }
  let moveTimer = 0;
  img.addEventListener('mousemove', (ev) => {
    if (moveTimer) return;
    moveTimer = setTimeout(() => { moveTimer = 0; }, 50);
    const p = point(ev);
    if (p) send('move_mouse', p);
  });
  img.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = point(ev);
    const notches = (d) => d === 0 ? 0 : Math.sign(d) * Math.max(1, Math.min(10, Math.round(Math.abs(d) / 100)));
    const dx = notches(ev.deltaX), dy = notches(ev.deltaY);
    if (p && (dx || dy)) send('scroll', { ...p, delta_x: dx, delta_y: dy });
  }, { passive: false });
  img.addEventListener('contextmenu', (ev) => ev.preventDefault());
  img.addEventListener('keydown', (ev) => {
    ev.preventDefault();
    send('key', { key: ev.key, ctrl: ev.ctrlKey, alt: ev.altKey, shift: ev.shiftKey, meta: ev.metaKey });
  });
})();
</script>
</body>
</html>`;
}
