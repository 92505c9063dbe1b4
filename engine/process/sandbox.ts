import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Host folders a sandboxed process sees read-only at the same absolute path; symlinks are recreated as such. */
const SYSTEM_ENTRIES = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];
/** Deeper host folders some of the above point into (e.g. /etc/resolv.conf on systemd-resolved hosts). */
const SYSTEM_EXTRAS = ['/run/systemd/resolve'];
const MOUNT_DIRS = ['/proc', '/dev'];

export const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const probeEnv: Record<string, string> = { PATH: DEFAULT_PATH };

type Entry = { kind: 'dir'; name: string } | { kind: 'symlink'; name: string; target: string };

function hostEntries(): Entry[] {
  const out: Entry[] = [];
  for (const p of SYSTEM_ENTRIES) {
    try {
      const st = fs.lstatSync(p);
      if (st.isSymbolicLink()) out.push({ kind: 'symlink', name: p, target: fs.readlinkSync(p) });
      else if (st.isDirectory()) out.push({ kind: 'dir', name: p });
    } catch {
      /* not on this host */
    }
  }
  return out;
}

/**
 * Runs commands inside bubblewrap with the session root as "/", so the paths a process uses are the paths the
 * file browser shows. bwrap needs mount points for the system folders inside the root; they are created
 * before each start (no race between concurrent starts) and removed when the session's last sandboxed
 * process has ended, so the session's files show only what its processes wrote.
 */
export class Sandbox {
  private readonly entries = hostEntries();
  private readonly active = new Map<string, { count: number; created: string[] }>();

  constructor(readonly bwrap: string) {}

  /** Tries bwrap once with the real layout; undefined means it cannot be used on this machine. */
  static probe(bwrap = 'bwrap'): { sandbox?: Sandbox; reason?: string } {
    if (process.platform !== 'linux') return { reason: 'bubblewrap needs Linux' };
    const sandbox = new Sandbox(bwrap);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bwrap-probe-'));
    try {
      fs.mkdirSync(path.join(root, 'tmp'));
      sandbox.acquire(root);
      const res = spawnSync(bwrap, [...sandbox.args(root, '/tmp'), 'sh', '-c', 'test "$(pwd)" = /tmp && test -d /usr'], {
        timeout: 10_000,
        encoding: 'utf8',
        env: probeEnv as NodeJS.ProcessEnv,
      });
      sandbox.release(root);
      if (res.error) return { reason: res.error.message };
      if (res.status !== 0) return { reason: (res.stderr || `exit code ${res.status}`).trim().split('\n')[0] };
      return { sandbox };
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }

  /** bwrap's arguments up to (not including) the command. */
  args(root: string, cwd: string): string[] {
    const args = ['--die-with-parent', '--unshare-pid', '--bind', root, '/'];
    for (const e of this.entries) {
      if (e.kind === 'dir' && isDir(path.join(root, e.name))) args.push('--ro-bind', e.name, e.name);
    }
    for (const extra of SYSTEM_EXTRAS) args.push('--ro-bind-try', extra, extra);
    args.push('--proc', '/proc', '--dev', '/dev', '--chdir', cwd, '--');
    return args;
  }

  /** Creates the mount points in `root` (if missing) and counts one more running process there. */
  acquire(root: string): void {
    let state = this.active.get(root);
    if (!state) {
      state = { count: 0, created: [] };
      this.active.set(root, state);
    }
    state.count++;
    for (const e of [...this.entries, ...MOUNT_DIRS.map((name): Entry => ({ kind: 'dir', name }))]) {
      const p = path.join(root, e.name);
      if (fs.existsSync(p) || isSymlink(p)) continue;
      try {
        if (e.kind === 'dir') fs.mkdirSync(p);
        else fs.symlinkSync(e.target, p);
        state.created.push(e.name);
      } catch {
        /* the process then runs without that folder */
      }
    }
  }

  /** One process in `root` has ended; the last one removes the mount points that `acquire` created. */
  release(root: string): void {
    const state = this.active.get(root);
    if (!state || --state.count > 0) return;
    this.active.delete(root);
    for (const name of state.created) {
      const p = path.join(root, name);
      try {
        if (isSymlink(p)) fs.unlinkSync(p);
        else fs.rmdirSync(p); // only if still empty: anything else was written there on purpose
      } catch {
        /* keep it */
      }
    }
  }

  /** Folders bwrap mounts itself (/proc, /dev): they exist in the sandbox even if not yet in the root. */
  isMountPoint(sandboxPath: string): boolean {
    return MOUNT_DIRS.includes(path.posix.resolve('/', sandboxPath));
  }

  /** Maps a path as the sandboxed process sees it to the host file behind it. */
  hostPath(root: string, sandboxPath: string): string {
    const [, top = ''] = sandboxPath.split('/');
    const entry = this.entries.find((e) => e.name === `/${top}`);
    if (entry?.kind === 'dir') return sandboxPath;
    if (entry?.kind === 'symlink') {
      const rest = sandboxPath.slice(top.length + 1);
      return this.hostPath(root, path.posix.resolve('/', entry.target) + rest);
    }
    return path.join(root, sandboxPath);
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
