import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { baseChildEnv } from '../config';
import { fitWindowToViewport, knownWindowChrome, type WindowChrome } from './window-fit';

const CANDIDATES: Record<string, string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export const INSTALL_HINT =
  'No Chromium was found. Install one with `sudo apt-get install chromium` (Debian/Ubuntu) or ' +
  '`npx playwright install chromium`, or set CHROME_PATH to a Chrome or Chromium executable.';

async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright-core');
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** Finds a Chromium: CHROME_PATH, then Playwright's own download, then the usual system locations. */
export async function findChromium(configured?: string): Promise<string> {
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROME_PATH points at ${configured}, which does not exist. ${INSTALL_HINT}`);
    return configured;
  }
  const fromPlaywright = await playwrightChromium();
  if (fromPlaywright) return fromPlaywright;
  for (const p of CANDIDATES[process.platform] ?? []) if (fs.existsSync(p)) return p;
  throw new Error(INSTALL_HINT);
}

export interface LaunchOptions {
  executable: string;
  userDataDir: string;
  width: number;
  height: number;
  headless: boolean;
  stealth: boolean;
  kiosk: boolean;
  startUrl?: string;
  extraArgs?: string[];
  /** Added to the window size so the page viewport comes out at width x height. */
  windowChrome?: WindowChrome;
}

export interface LaunchedChromium {
  proc: ChildProcess;
  /** Chromium's own browser-level DevTools WebSocket URL. */
  wsEndpoint: string;
  exited: Promise<void>;
}

export function chromiumArgs(o: LaunchOptions): string[] {
  const args = [
    // Every session renders off-screen: the live view comes from screencast frames, not a display.
    '--headless',
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${o.userDataDir}`,
    `--window-size=${o.width + (o.windowChrome?.width ?? 0)},${o.height + (o.windowChrome?.height ?? 0)}`,
    // The screen the page sees (and the one kiosk mode fills) is the session's viewport.
    `--screen-info={${o.width}x${o.height}}`,
    // Keeps the "unsupported command-line flag" bar (shown for --no-sandbox) from taking page height.
    '--test-type',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-features=Translate,MediaRouter,OptimizationHints',
    '--password-store=basic',
    '--use-mock-keychain',
    '--mute-audio',
    '--hide-scrollbars',
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  if (o.stealth) args.push('--disable-blink-features=AutomationControlled');
  if (o.kiosk) args.push('--kiosk');
  args.push(...(o.extraArgs ?? []));
  args.push(o.startUrl ?? 'about:blank');
  return args;
}

export function launchChromium(o: LaunchOptions, timeoutMs = 30_000): Promise<LaunchedChromium> {
  fs.mkdirSync(o.userDataDir, { recursive: true });
  // detached: Chromium and its helpers form one process group that teardown kills as a whole.
  const proc = spawn(o.executable, chromiumArgs({ windowChrome: knownWindowChrome(o.executable), ...o }), {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...baseChildEnv(), HOME: path.dirname(o.userDataDir) },
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      killGroup(proc);
      reject(new Error(`${err.message}${stderr ? `\n${stderr.slice(-2000)}` : ''}`));
    };
    const onError = (err: Error) => fail(err);
    const onEarlyExit = (code: number | null) => fail(new Error(`Chromium exited with code ${code} before it was ready`));
    proc.once('error', onError);
    proc.once('exit', onEarlyExit);
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        proc.off('exit', onEarlyExit);
        proc.off('error', onError);
        proc.stderr!.removeAllListeners('data');
        proc.stderr!.resume();
        const launched = { proc, wsEndpoint: m[1]!, exited };
        fitWindowToViewport(o.executable, launched.wsEndpoint, o.width, o.height).then(
          () => resolve(launched),
          (err: Error) => {
            console.warn(`[engine] could not fit the window to the ${o.width}x${o.height} viewport: ${err.message}`);
            resolve(launched);
          },
        );
      }
    });
  });
}

export function killGroup(proc: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    try {
      proc.kill(signal);
    } catch {
      /* already gone */
    }
  }
}
