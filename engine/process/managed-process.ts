import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { ProcessSignal, ProcessStreamName } from '../../lib/schemas/process';
import { conflict } from '../http/errors';
import { OutputLog } from './output-log';
import { groupMembers, UsageSampler } from './proc-stats';
import type { Sandbox } from './sandbox';

export interface StartSpec {
  id: string;
  kind: 'spawn' | 'exec';
  orgId: string;
  sessionId: string;
  /** The session root on the host. */
  root: string;
  command: string;
  args: string[];
  /** The working directory as the process sees it (a session path in the sandbox, a host path without). */
  cwd: string;
  env: Record<string, string>;
  timeoutSec?: number;
  sandbox?: Sandbox;
  replayBytes: number;
  /** Sees every chunk as it arrives (exec collects its result with it). */
  tap?: (stream: ProcessStreamName, data: Buffer) => void;
}

/** How long after the main process exits its pipes may stay open (held by its own children) before we cut them. */
const PIPE_GRACE_MS = 1000;
/** How long a just-started sandbox may take to start its command. */
const SANDBOX_START_MS = 2000;

/** A running or finished child process, its replay log and its standard input. */
export class ManagedProcess {
  readonly log: OutputLog;
  readonly startedAt = new Date();
  exitCode: number | null = null;
  endedAt: Date | null = null;
  timedOut = false;
  /** Open stdout/stream connections. */
  streams = 0;
  readonly done: Promise<number>;
  private readonly signalsSent = new Set<number>();
  private stdinClosed = false;
  private readonly sampler = new UsageSampler(Date.now());
  private timeout?: NodeJS.Timeout;
  private resolveDone!: (code: number) => void;

  private constructor(
    readonly spec: StartSpec,
    private readonly child: ChildProcess,
  ) {
    this.log = new OutputLog(spec.replayBytes);
    this.done = new Promise((r) => (this.resolveDone = r));
  }

  get id(): string {
    return this.spec.id;
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exitCode === null;
  }

  /** Starts the process; resolves once the OS has created it, rejects if it could not be started. */
  static start(spec: StartSpec, onExit: (p: ManagedProcess) => void): Promise<ManagedProcess> {
    spec.sandbox?.acquire(spec.root);
    const file = spec.sandbox ? spec.sandbox.bwrap : spec.command;
    const argv = spec.sandbox ? [...spec.sandbox.args(spec.root, spec.cwd), spec.command, ...spec.args] : spec.args;
    // detached: the process leads its own group, so a signal can reach everything it started.
    const child = spawn(file, argv, {
      cwd: spec.sandbox ? spec.root : spec.cwd,
      env: spec.env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const proc = new ManagedProcess(spec, child);
    return new Promise((resolve, reject) => {
      child.once('error', (err) => {
        spec.sandbox?.release(spec.root);
        reject(err);
      });
      child.once('spawn', () => {
        child.removeAllListeners('error');
        proc.wire(onExit);
        resolve(proc);
      });
    });
  }

  private wire(onExit: (p: ManagedProcess) => void): void {
    const { child, spec } = this;
    child.stdin!.on('error', () => {
      /* a closed pipe surfaces through the write callback */
    });
    for (const name of ['stdout', 'stderr'] as const) {
      child[name]!.on('data', (data: Buffer) => {
        this.log.append(name, data);
        spec.tap?.(name, data);
      });
    }
    let pipeTimer: NodeJS.Timeout | undefined;
    let status: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    child.on('error', () => {
      /* signalling a process that is already gone */
    });
    child.once('exit', (code, signal) => {
      status = { code, signal };
      pipeTimer = setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
      }, PIPE_GRACE_MS);
    });
    // 'close' comes after 'exit' and after both pipes are drained: the exit event then follows all output.
    child.once('close', (code, signal) => {
      clearTimeout(pipeTimer);
      clearTimeout(this.timeout);
      child.stdin!.destroy();
      spec.sandbox?.release(spec.root);
      this.exitCode = this.exitCodeOf(status?.code ?? code, status?.signal ?? signal);
      this.endedAt = new Date();
      this.log.finish(this.exitCode);
      onExit(this);
      this.resolveDone(this.exitCode);
    });
    if (spec.timeoutSec) {
      this.timeout = setTimeout(() => {
        this.timedOut = true;
        this.killGroup();
      }, spec.timeoutSec * 1000);
    }
  }

  /**
   * Kernel reports -1 for a process ended by a signal. Inside bubblewrap the signal hits the command, and
   * bwrap exits with 128 + the signal number; a signal we sent is reported the same way as without it.
   */
  private exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
    if (signal || code === null) return -1;
    if (this.spec.sandbox && code > 128 && this.signalsSent.has(code - 128)) return -1;
    return code;
  }

  /** The processes a signal is for: the command and its children, not bwrap's own two helpers. */
  private targets() {
    const members = groupMembers(this.pid);
    return this.spec.sandbox ? members.filter((m) => m.pid !== this.pid && m.ppid !== this.pid) : members;
  }

  /** Sends a signal to the process group; false when the process had already exited. */
  signal(name: ProcessSignal): boolean {
    if (!this.running) return false;
    const num = os.constants.signals[`SIG${name}`];
    this.signalsSent.add(num);
    if (!this.spec.sandbox) return trySignal(-this.pid, num) || trySignal(this.pid, num);
    this.signalSandboxed(num, Date.now() + SANDBOX_START_MS);
    return true;
  }

  /**
   * Right after the start bwrap may not have started the command yet: retry until it has, and if it never
   * shows up, signal bwrap itself (it then ends, taking the sandbox with it).
   */
  private signalSandboxed(num: number, deadline: number): void {
    if (!this.running) return;
    const targets = this.targets();
    if (targets.length > 0) {
      for (const t of targets) trySignal(t.pid, num);
    } else if (Date.now() < deadline) {
      setTimeout(() => this.signalSandboxed(num, deadline), 20).unref();
    } else {
      trySignal(-this.pid, num);
    }
  }

  /** SIGKILL to the whole group, sandbox included: for timeouts, session deletion and shutdown. */
  killGroup(): void {
    // After the main process is gone its group may live on (children it left behind); a group id cannot be
    // reused while the group has members, so this cannot hit an unrelated process.
    if (!this.running && groupMembers(this.pid).length === 0) return;
    this.signalsSent.add(os.constants.signals.SIGKILL);
    if (!trySignal(-this.pid, 'SIGKILL')) trySignal(this.pid, 'SIGKILL');
  }

  async writeStdin(data: Buffer, eof: boolean): Promise<number> {
    if (!this.running) throw conflict(`process ${this.id} has exited; it no longer reads standard input`);
    if (this.stdinClosed) throw conflict(`standard input of process ${this.id} is closed (EOF was sent)`);
    const stdin = this.child.stdin!;
    if (eof) this.stdinClosed = true;
    if (data.length > 0) {
      await new Promise<void>((resolve, reject) => {
        stdin.write(data, (err) => (err ? reject(err) : resolve()));
      }).catch(() => {
        throw conflict(`process ${this.id} closed its standard input`);
      });
    }
    if (eof) stdin.end();
    return data.length;
  }

  usage(): { cpuPct: number; memBytes?: number } {
    if (!this.running) return { cpuPct: 0 };
    const members = this.targets();
    if (members.length === 0) return { cpuPct: 0 };
    return this.sampler.sample(members);
  }
}

function trySignal(pid: number, signal: number | NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}
