import { z } from 'zod';
import type { Page } from './common';

/** Limits of the process endpoints, shared by the engine, the server actions and the forms. */
export const PROCESS_LIMITS = {
  commandChars: 4096,
  args: 1024,
  argChars: 128 * 1024,
  pathChars: 4096,
  envVars: 256,
  envValueChars: 128 * 1024,
  timeoutSec: { min: 1, max: 86_400 },
  /** Decoded bytes one stdin call may carry. */
  stdinBytes: 512 * 1024,
  ttySize: { min: 1, max: 65_535 },
} as const;

export const PROCESS_SIGNALS = ['TERM', 'KILL', 'INT', 'HUP'] as const;
export type ProcessSignal = (typeof PROCESS_SIGNALS)[number];

/** Canonical standard base64 with padding: no whitespace, no URL alphabet, no stray bits after the last byte. */
export const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

export const MAX_STDIN_B64_CHARS = Math.ceil(PROCESS_LIMITS.stdinBytes / 3) * 4;

const noNul = (s: string) => !s.includes('\0');

export const processIdSchema = z
  .string({ error: 'must be a string' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');

const commandSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(PROCESS_LIMITS.commandChars, `must be at most ${PROCESS_LIMITS.commandChars} characters`)
  .refine(noNul, 'must not contain NUL characters');

const argsSchema = z
  .array(
    z
      .string({ error: 'must be a string' })
      .max(PROCESS_LIMITS.argChars, `must be at most ${PROCESS_LIMITS.argChars} characters`)
      .refine(noNul, 'must not contain NUL characters'),
    { error: 'must be an array of strings' },
  )
  .max(PROCESS_LIMITS.args, `must have at most ${PROCESS_LIMITS.args} items`);

/** An absolute path inside the session's filesystem. */
export const sessionPathSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(PROCESS_LIMITS.pathChars, `must be at most ${PROCESS_LIMITS.pathChars} characters`)
  .refine((s) => s.startsWith('/'), 'must be an absolute path (start with "/")')
  .refine(noNul, 'must not contain NUL characters');

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const envSchema = z
  .record(
    z.string(),
    z
      .string({ error: 'must be a string' })
      .max(PROCESS_LIMITS.envValueChars, `must be at most ${PROCESS_LIMITS.envValueChars} characters`)
      .refine(noNul, 'must not contain NUL characters'),
    { error: 'must be an object of string values' },
  )
  .superRefine((env, ctx) => {
    const names = Object.keys(env);
    if (names.length > PROCESS_LIMITS.envVars) {
      ctx.addIssue({ code: 'custom', message: `must have at most ${PROCESS_LIMITS.envVars} variables` });
    }
    for (const name of names) {
      if (!ENV_NAME.test(name)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is not a valid variable name (a letter or "_", then letters, digits or "_")' });
      }
    }
  });

const timeoutSchema = z
  .number({ error: 'must be an integer' })
  .int('must be an integer')
  .min(PROCESS_LIMITS.timeoutSec.min, `must be at least ${PROCESS_LIMITS.timeoutSec.min}`)
  .max(PROCESS_LIMITS.timeoutSec.max, `must be at most ${PROCESS_LIMITS.timeoutSec.max}`);

const ttySize = z
  .number({ error: 'must be an integer' })
  .int('must be an integer')
  .min(PROCESS_LIMITS.ttySize.min, `must be at least ${PROCESS_LIMITS.ttySize.min}`)
  .max(PROCESS_LIMITS.ttySize.max, `must be at most ${PROCESS_LIMITS.ttySize.max}`);

/** POST /browsers/{id}/process/exec */
export const processExecSchema = z
  .object({
    command: commandSchema,
    args: argsSchema.optional(),
    cwd: sessionPathSchema.nullish(),
    env: envSchema.optional(),
    as_user: z.string({ error: 'must be a string' }).nullish(),
    as_root: z.boolean({ error: 'must be true or false' }).optional(),
    timeout_sec: timeoutSchema.nullish(),
  })
  .strict()
  .refine((b) => !(b.as_root && b.as_user), { message: 'as_root and as_user cannot be used together', path: ['as_user'] });

/** POST /browsers/{id}/process/spawn */
export const processSpawnSchema = z
  .object({
    command: commandSchema,
    args: argsSchema.optional(),
    cwd: sessionPathSchema.nullish(),
    env: envSchema.optional(),
    as_user: z.string({ error: 'must be a string' }).nullish(),
    as_root: z.boolean({ error: 'must be true or false' }).optional(),
    timeout_sec: timeoutSchema.nullish(),
    allocate_tty: z.boolean({ error: 'must be true or false' }).optional(),
    rows: ttySize.optional(),
    cols: ttySize.optional(),
  })
  .strict()
  .refine((b) => !(b.as_root && b.as_user), { message: 'as_root and as_user cannot be used together', path: ['as_user'] });

export type ProcessExecInput = z.input<typeof processExecSchema>;
export type ProcessExec = z.output<typeof processExecSchema>;
export type ProcessSpawnInput = z.input<typeof processSpawnSchema>;
export type ProcessSpawn = z.output<typeof processSpawnSchema>;

export const processKillSchema = z
  .object({ signal: z.enum(PROCESS_SIGNALS, { error: `must be one of ${PROCESS_SIGNALS.join(', ')}` }) })
  .strict();

/**
 * POST .../stdin. `eof` is an extension of the local engine: after writing `data_b64` (which may then be
 * empty) it closes the process's standard input.
 */
export const processStdinSchema = z
  .object({
    data_b64: z
      .string({ error: 'must be a base64 string' })
      .max(MAX_STDIN_B64_CHARS, `must encode at most ${PROCESS_LIMITS.stdinBytes} bytes`)
      .regex(STRICT_BASE64, 'must be valid base64 (standard alphabet, padded, no whitespace)'),
    eof: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => b.data_b64 !== '' || b.eof === true, {
    message: 'must not be empty (send eof: true to close standard input)',
    path: ['data_b64'],
  });

export const processResizeSchema = z.object({ rows: ttySize, cols: ttySize }).strict();

export type ProcessState = 'running' | 'exited';
export type ProcessStreamName = 'stdout' | 'stderr';

export interface ProcessSpawnResult {
  process_id: string;
  pid: number;
  started_at: string;
}

export interface ProcessExecResult {
  exit_code: number;
  stdout_b64: string;
  stderr_b64: string;
  duration_ms: number;
}

export interface ProcessStatus {
  state: ProcessState;
  exit_code: number | null;
  cpu_pct: number;
  mem_bytes?: number;
}

/** One item of GET /browsers/{id}/process (a listing the local engine adds; the Kernel API has none). */
export interface ProcessSummary {
  process_id: string;
  pid: number;
  command: string;
  args: string[];
  cwd: string;
  kind: 'spawn' | 'exec';
  state: ProcessState;
  exit_code: number | null;
  started_at: string;
  ended_at: string | null;
  /** Open stdout/stream connections to this process right now. */
  streams: number;
}

/** What the dashboard's console shows about one process. */
export type ProcessDetail = ProcessStatus & { summary?: ProcessSummary };

/**
 * One SSE event of the stdout stream. `truncated` is the local engine's marker that the replay log no longer
 * holds the first `dropped_bytes` bytes of output before the next chunk.
 */
export type ProcessStreamEvent =
  | { data_b64: string; stream: ProcessStreamName }
  | { event: 'exit'; exit_code: number }
  | { event: 'truncated'; dropped_bytes: number };

export type ProcessPage = Page<ProcessSummary>;
