'use server';

import 'server-only';
import { killProcessInputSchema, spawnProcessInputSchema, writeStdinInputSchema } from '@/lib/schemas/process-form';
import { runAction } from '@/lib/server/action';
import { killProcess, spawnProcess, writeProcessStdin } from '@/lib/server/processes';

export async function spawnProcessAction(input: unknown) {
  return runAction(spawnProcessInputSchema, input, ({ session_id, request }) => spawnProcess(session_id, request));
}

export async function writeProcessStdinAction(input: unknown) {
  return runAction(writeStdinInputSchema, input, ({ session_id, process_id, data_b64, eof }) =>
    writeProcessStdin(session_id, process_id, data_b64, eof ?? false),
  );
}

export async function killProcessAction(input: unknown) {
  return runAction(killProcessInputSchema, input, async ({ session_id, process_id, signal }) => {
    await killProcess(session_id, process_id, signal);
    return { process_id, signal };
  });
}
