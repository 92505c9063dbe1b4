/**
 * The cursor state this dashboard last set for a session, kept in localStorage: the API cannot read it back, so
 * this is the only honest thing to show. Null when it was never set from here.
 */
const key = (sessionId: string) => `kd:cursor-hidden:${sessionId}`;
const EVENT = 'kd:cursor-preference';

export function readCursorHidden(sessionId: string): boolean | null {
  try {
    const v = window.localStorage.getItem(key(sessionId));
    return v === 'true' ? true : v === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function writeCursorHidden(sessionId: string, hidden: boolean | null): void {
  try {
    if (hidden === null) window.localStorage.removeItem(key(sessionId));
    else window.localStorage.setItem(key(sessionId), String(hidden));
  } catch {
    /* storage unavailable (private mode): the switch still works for this page */
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: sessionId }));
}

/** Calls `onChange` when the stored value changes in this tab or another one. */
export function subscribeCursorHidden(sessionId: string, onChange: () => void): () => void {
  const onLocal = (e: Event) => (e as CustomEvent<string>).detail === sessionId && onChange();
  const onStorage = (e: StorageEvent) => e.key === key(sessionId) && onChange();
  window.addEventListener(EVENT, onLocal);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onLocal);
    window.removeEventListener('storage', onStorage);
  };
}
