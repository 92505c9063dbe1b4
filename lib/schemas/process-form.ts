import { z } from 'zod';
import { resourceIdSchema } from './common';
import {
  ENV_NAME,
  MAX_STDIN_B64_CHARS,
  PROCESS_LIMITS,
  PROCESS_SIGNALS,
  processIdSchema,
  processSpawnSchema,
  STRICT_BASE64,
  type ProcessSpawnInput,
} from './process';

/** Splits a textarea into lines; a trailing newline does not make an extra empty line. */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** What the "Run a command" form edits: arguments one per line, environment as NAME=value lines. */
export const processStartFormSchema = z
  .object({
    command: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(PROCESS_LIMITS.commandChars, `must be at most ${PROCESS_LIMITS.commandChars} characters`),
    args: z.string(),
    cwd: z.union([z.literal(''), z.string().regex(/^\//, 'must be an absolute path (start with "/")')]),
    env: z.string(),
    timeout_sec: z.union([
      z.literal(''),
      z.coerce
        .number({ error: 'must be a whole number of seconds' })
        .int('must be a whole number of seconds')
        .min(PROCESS_LIMITS.timeoutSec.min, `must be at least ${PROCESS_LIMITS.timeoutSec.min}`)
        .max(PROCESS_LIMITS.timeoutSec.max, `must be at most ${PROCESS_LIMITS.timeoutSec.max}`),
    ]),
  })
  .superRefine((v, ctx) => {
    const args = textLines(v.args);
    if (args.length > PROCESS_LIMITS.args) ctx.addIssue({ code: 'custom', path: ['args'], message: `must have at most ${PROCESS_LIMITS.args} lines` });
    const env = textLines(v.env).filter((l) => l.trim() !== '');
    for (const [i, line] of env.entries()) {
      const eq = line.indexOf('=');
      const name = eq < 0 ? line : line.slice(0, eq);
      if (eq < 0 || !ENV_NAME.test(name)) {
        ctx.addIssue({ code: 'custom', path: ['env'], message: `line ${i + 1}: write NAME=value, with a name of letters, digits and "_" not starting with a digit` });
        return;
      }
    }
  });

export type ProcessStartForm = z.input<typeof processStartFormSchema>;
export type ProcessStartValues = z.output<typeof processStartFormSchema>;

export const processStartFormDefaults: ProcessStartForm = { command: '', args: '', cwd: '', env: '', timeout_sec: '' };

/** The spawn request a valid form stands for. */
export function processFormToRequest(v: ProcessStartValues): ProcessSpawnInput {
  const env: Record<string, string> = {};
  for (const line of textLines(v.env)) {
    if (line.trim() === '') continue;
    const eq = line.indexOf('=');
    env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return {
    command: v.command,
    ...(v.args ? { args: textLines(v.args) } : {}),
    ...(v.cwd ? { cwd: v.cwd } : {}),
    ...(Object.keys(env).length ? { env } : {}),
    ...(v.timeout_sec !== '' ? { timeout_sec: v.timeout_sec } : {}),
  };
}

/** Server action inputs: the ids travel with every call and are checked like everything else. */
export const spawnProcessInputSchema = z.object({ session_id: resourceIdSchema, request: processSpawnSchema });

export const processRefSchema = z.object({ session_id: resourceIdSchema, process_id: processIdSchema });

export const writeStdinInputSchema = processRefSchema
  .extend({
    data_b64: z
      .string({ error: 'must be a base64 string' })
      .max(MAX_STDIN_B64_CHARS, `must encode at most ${PROCESS_LIMITS.stdinBytes} bytes`)
      .regex(STRICT_BASE64, 'must be valid base64 (standard alphabet, padded, no whitespace)'),
    eof: z.boolean().optional(),
  })
  .refine((b) => b.data_b64 !== '' || b.eof === true, { message: 'must not be empty', path: ['data_b64'] });

export const killProcessInputSchema = processRefSchema.extend({
  signal: z.enum(PROCESS_SIGNALS, { error: `must be one of ${PROCESS_SIGNALS.join(', ')}` }),
});
