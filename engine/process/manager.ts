import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProcessExec, ProcessSpawn, ProcessStatus, ProcessStreamName, ProcessSummary } from '../../lib/schemas/process';
import { baseChildEnv } from '../config';
import { lexicalSessionPath } from '../fs/paths';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { ManagedProcess } from './managed-process';
import { DEFAULT_PATH, type Sandbox } from './sandbox';
import { sseBody } from './sse';
import type { ProcessRow, ProcessStore } from './store';

export interface ProcessSession {
  id: string;
  orgId: string;
  root: string;
}

export interface ProcessManagerOptions {
  sandbox?: Sandbox;
  /** Output each process keeps for replay. */
  replayBytes?: number;
  /** Output all exited processes together keep; the oldest logs go first. */
  retainedBytes?: number;
  heartbeatMs?: number;
  /** At most this many processes may run in one session at once. */
  maxRunningPerSession?: number;
}

/** exec returns each stream's output whole, up to this many bytes. */
const EXEC_OUTPUT_MAX = 16 * 1024 * 1024;

export class ExecTimeout extends HttpError {
  constructor(seconds: number) {
    super(504, `process timed out after ${seconds} s and was killed`, { code: 'timeout' });
  }
}

/** The engine's processes: start, signal, feed and stream them; published as the "processes" service. */
export class ProcessManager {
  private readonly procs = new Map<string, ManagedProcess>();
  private exited: ManagedProcess[] = [];
  private streamCount = 0;
  readonly replayBytes: number;
  private readonly retainedBytes: number;
  readonly heartbeatMs: number;
  private readonly maxRunning: number;
  readonly sandbox?: Sandbox;

  constructor(
    private readonly store: ProcessStore,
    opts: ProcessManagerOptions = {},
  ) {
    this.sandbox = opts.sandbox;
    this.replayBytes = opts.replayBytes ?? 4 * 1024 * 1024;
    this.retainedBytes = opts.retainedBytes ?? 64 * 1024 * 1024;
    this.heartbeatMs = opts.heartbeatMs ?? 15_000;
    this.maxRunning = opts.maxRunningPerSession ?? 64;
  }

  /** SSE connections open right now, over all processes. */
  openStreams(): number {
    return this.streamCount;
  }

  runningCount(): number {
    let n = 0;
    for (const p of this.procs.values()) if (p.running) n++;
    return n;
  }

  async spawn(
    session: ProcessSession,
    input: ProcessSpawn | ProcessExec,
    kind: 'spawn' | 'exec' = 'spawn',
    tap?: (stream: ProcessStreamName, data: Buffer) => void,
  ): Promise<ManagedProcess> {
    checkIdentity(input);
    if ('allocate_tty' in input && input.allocate_tty) {
      throw badRequest('pseudo-terminals are not available in the local engine; start the process without allocate_tty', 'allocate_tty');
    }
    let running = 0;
    for (const p of this.procs.values()) if (p.spec.sessionId === session.id && p.running) running++;
    if (running >= this.maxRunning) {
      throw conflict(`session ${session.id} already runs ${running} processes (the limit); kill one first`);
    }
    const sandbox = this.sandbox;
    const cwd = input.cwd ?? '/';
    const hostCwd = this.hostCwd(session.root, cwd);
    // Only what a shell needs: the engine's own environment (keys, passwords) never reaches session commands.
    const env: Record<string, string> = {
      PATH: sandbox ? DEFAULT_PATH : (baseChildEnv().PATH ?? DEFAULT_PATH),
      HOME: sandbox ? '/home' : path.join(session.root, 'home'),
      TMPDIR: sandbox ? '/tmp' : path.join(session.root, 'tmp'),
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      PWD: sandbox ? path.posix.resolve('/', cwd) : hostCwd,
      ...input.env,
    };
    const toHost = (p: string) => (sandbox ? sandbox.hostPath(session.root, p) : p);
    if (!resolveCommand(input.command, env.PATH ?? '', sandbox ? path.posix.resolve('/', cwd) : hostCwd, toHost)) {
      throw badRequest(
        input.command.includes('/')
          ? `"${input.command}" is not an executable file in the session`
          : `"${input.command}" was not found in PATH (${env.PATH})`,
        'command',
      );
    }
    const id = crypto.randomUUID();
    let proc: ManagedProcess;
    try {
      proc = await ManagedProcess.start(
        {
          id,
          kind,
          orgId: session.orgId,
          sessionId: session.id,
          root: session.root,
          command: input.command,
          args: input.args ?? [],
          cwd: sandbox ? path.posix.resolve('/', cwd) : hostCwd,
          env,
          timeoutSec: input.timeout_sec ?? undefined,
          sandbox,
          replayBytes: this.replayBytes,
          tap,
        },
        (p) => this.onExit(p),
      );
    } catch (err) {
      throw badRequest(`could not start "${input.command}": ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'command');
    }
    this.procs.set(id, proc);
    this.store.insert({
      id,
      org_id: session.orgId,
      session_id: session.id,
      kind,
      command: input.command,
      args: JSON.stringify(input.args ?? []),
      cwd,
      pid: proc.pid,
      sandboxed: sandbox ? 1 : 0,
      started_at: proc.startedAt.toISOString(),
      ended_at: null,
      exit_code: null,
    });
    // A process can end before its row exists (e.g. `true`); record that end now.
    if (!proc.running) this.store.markExited(id, proc.exitCode!, proc.endedAt!.toISOString());
    return proc;
  }

  /** Runs a command to completion and returns its whole output (exec). */
  async exec(session: ProcessSession, input: ProcessExec) {
    const started = performance.now();
    const out: Record<ProcessStreamName, { chunks: Buffer[]; size: number }> = {
      stdout: { chunks: [], size: 0 },
      stderr: { chunks: [], size: 0 },
    };
    const proc = await this.spawn(session, input, 'exec', (stream, data) => {
      const o = out[stream];
      if (o.size >= EXEC_OUTPUT_MAX) return;
      const part = data.subarray(0, EXEC_OUTPUT_MAX - o.size);
      o.chunks.push(part);
      o.size += part.length;
    });
    const exitCode = await proc.done;
    if (proc.timedOut) throw new ExecTimeout(input.timeout_sec!);
    return {
      exit_code: exitCode,
      stdout_b64: Buffer.concat(out.stdout.chunks).toString('base64'),
      stderr_b64: Buffer.concat(out.stderr.chunks).toString('base64'),
      duration_ms: Math.round(performance.now() - started),
    };
  }

  /** The session's process, or 404 (also for another session's or organization's process). */
  get(session: ProcessSession, processId: string): ManagedProcess {
    const p = this.procs.get(processId);
    if (!p || p.spec.sessionId !== session.id || p.spec.orgId !== session.orgId) throw notFound(`process ${processId}`);
    return p;
  }

  status(p: ManagedProcess): ProcessStatus {
    const { cpuPct, memBytes } = p.usage();
    const s: ProcessStatus = { state: p.running ? 'running' : 'exited', exit_code: p.exitCode, cpu_pct: cpuPct };
    if (memBytes !== undefined) s.mem_bytes = memBytes;
    return s;
  }

  list(session: ProcessSession, limit: number, offset: number): { items: ProcessSummary[]; total: number } {
    const { rows, total } = this.store.list(session.orgId, session.id, limit, offset);
    return { items: rows.map((r) => this.summary(r)), total };
  }

  /** One process of the listing, by id (also an extension of the local engine). */
  describe(session: ProcessSession, processId: string): ProcessSummary {
    const row = this.store.get(session.orgId, session.id, processId);
    if (!row) throw notFound(`process ${processId}`);
    return this.summary(row);
  }

  private summary(r: ProcessRow): ProcessSummary {
    const live = this.procs.get(r.id);
    const exitCode = live ? live.exitCode : r.exit_code;
    return {
      process_id: r.id,
      pid: r.pid,
      command: r.command,
      args: JSON.parse(r.args) as string[],
      cwd: r.cwd,
      kind: r.kind,
      state: exitCode === null ? 'running' : 'exited',
      exit_code: exitCode,
      started_at: r.started_at,
      ended_at: live?.endedAt?.toISOString() ?? r.ended_at,
      streams: live?.streams ?? 0,
    };
  }

  /** The SSE body for one subscriber; `release` runs when it closes (end of output or client gone). */
  stream(p: ManagedProcess, release: () => void): ReadableStream<Uint8Array> {
    this.streamCount++;
    p.streams++;
    return sseBody(p.log, {
      heartbeatMs: this.heartbeatMs,
      onClose: () => {
        this.streamCount--;
        p.streams--;
        release();
      },
    });
  }

  /** Kills every process of a session (whole process groups) and waits for their exit events. */
  async killSession(sessionId: string): Promise<void> {
    const procs = [...this.procs.values()].filter((p) => p.spec.sessionId === sessionId);
    await this.killAndWait(procs);
    for (const p of procs) this.procs.delete(p.id);
    this.exited = this.exited.filter((p) => p.spec.sessionId !== sessionId);
  }

  async closeAll(): Promise<void> {
    await this.killAndWait([...this.procs.values()]);
  }

  private async killAndWait(procs: ManagedProcess[]): Promise<void> {
    for (const p of procs) p.killGroup();
    await Promise.race([Promise.all(procs.map((p) => p.done)), new Promise((r) => setTimeout(r, 5000))]);
  }

  private onExit(p: ManagedProcess): void {
    this.store.markExited(p.id, p.exitCode!, p.endedAt!.toISOString());
    this.exited.push(p);
    let retained = this.exited.reduce((n, e) => n + e.log.retainedBytes, 0);
    while (retained > this.retainedBytes && this.exited.length > 1) {
      const oldest = this.exited.shift()!;
      retained -= oldest.log.retainedBytes;
      oldest.log.discard();
    }
  }

  /** The working directory's host path; 400 unless it is an existing directory of the session. */
  private hostCwd(root: string, cwd: string): string {
    if (this.sandbox) {
      const host = this.sandbox.hostPath(root, path.posix.resolve('/', cwd));
      if (!isDir(host) && !this.sandbox.isMountPoint(cwd)) throw badRequest(`${cwd} is not a directory in the session`, 'cwd');
      return host;
    }
    const host = lexicalSessionPath(root, cwd);
    if (!host || !isDir(host)) throw badRequest(`${cwd} is not a directory in the session`, 'cwd');
    const real = fs.realpathSync(host);
    const realRoot = fs.realpathSync(root);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw badRequest(`${cwd} leads outside the session`, 'cwd');
    return real;
  }
}

/** The local engine runs every process as its own user; it can honour as_user/as_root only when they name it. */
function checkIdentity(input: { as_user?: string | null; as_root?: boolean }): void {
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  const gid = typeof process.getgid === 'function' ? process.getgid() : -1;
  if (input.as_root && uid !== 0) {
    throw badRequest('the local engine does not run as root, so it cannot start a process as root', 'as_root');
  }
  if (input.as_user) {
    const me = os.userInfo().username;
    if (![me, String(uid), `${uid}:${gid}`].includes(input.as_user)) {
      throw badRequest(`the local engine runs processes only as its own user (${me}, uid ${uid})`, 'as_user');
    }
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isExecutableFile(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) return false;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds the command the way execvp will (in the sandbox's view of the files, through `toHost`). */
function resolveCommand(command: string, pathVar: string, cwd: string, toHost: (p: string) => string): string | undefined {
  if (command.includes('/')) {
    const full = path.posix.resolve(cwd, command);
    return isExecutableFile(toHost(full)) ? full : undefined;
  }
  for (const dir of pathVar.split(':')) {
    if (!dir.startsWith('/')) continue;
    const full = path.posix.join(dir, command);
    if (isExecutableFile(toHost(full))) return full;
  }
  return undefined;
}
