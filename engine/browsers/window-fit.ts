import { CdpConnection } from './cdp-connection';

/** How much larger than its page viewport a Chromium window is (headless Chromium still lays out a toolbar). */
export interface WindowChrome {
  width: number;
  height: number;
}

/** Last measured per executable, so later sessions launch with the right window size straight away. */
const measured = new Map<string, WindowChrome>();

export function knownWindowChrome(executable: string): WindowChrome {
  return measured.get(executable) ?? { width: 0, height: 0 };
}

interface LayoutMetrics {
  cssLayoutViewport: { clientWidth: number; clientHeight: number };
}

/**
 * Resizes the session's window so that its page viewport is exactly width x height, and remembers the difference
 * for the next launch. Reads layout metrics only: nothing runs in the page.
 */
export async function fitWindowToViewport(executable: string, wsEndpoint: string, width: number, height: number): Promise<void> {
  const conn = await CdpConnection.open(wsEndpoint);
  try {
    const { targetInfos } = await conn.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const page = targetInfos.find((t) => t.type === 'page');
    if (!page) return;
    const { sessionId } = await conn.send<{ sessionId: string }>('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    const viewport = async () => (await conn.send<LayoutMetrics>('Page.getLayoutMetrics', {}, sessionId)).cssLayoutViewport;
    const before = await viewport();
    const dw = width - before.clientWidth;
    const dh = height - before.clientHeight;
    if (dw === 0 && dh === 0) return;
    const { windowId, bounds } = await conn.send<{ windowId: number; bounds: { width: number; height: number; windowState?: string } }>(
      'Browser.getWindowForTarget',
      { targetId: page.targetId },
    );
    if (bounds.windowState && bounds.windowState !== 'normal') return;
    await conn.send('Browser.setWindowBounds', { windowId, bounds: { width: bounds.width + dw, height: bounds.height + dh } });
    const after = await viewport();
    if (after.clientWidth === width && after.clientHeight === height) {
      measured.set(executable, { width: bounds.width + dw - width, height: bounds.height + dh - height });
    }
  } finally {
    conn.close();
  }
}
