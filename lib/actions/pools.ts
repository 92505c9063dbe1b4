'use server';

import 'server-only';
import {
  poolAcquireActionSchema,
  poolDeleteActionSchema,
  poolFormSchema,
  poolFormToCreate,
  poolFormToUpdate,
  poolRefSchema,
  poolReleaseActionSchema,
  poolUpdateActionSchema,
} from '@/lib/schemas/pool-form';
import { runAction } from '@/lib/server/action';
import { acquireFromPool, createPool, deletePool, flushPool, releaseToPool, updatePool } from '@/lib/server/pools';

export async function createPoolAction(input: unknown) {
  return runAction(poolFormSchema, input, (v) => createPool(poolFormToCreate(v)));
}

export async function updatePoolAction(input: unknown) {
  return runAction(poolUpdateActionSchema, input, ({ id, ...values }) => updatePool(id, poolFormToUpdate(values)));
}

export async function deletePoolAction(input: unknown) {
  return runAction(poolDeleteActionSchema, input, async ({ id, force }) => {
    await deletePool(id, force);
    return { id };
  });
}

export async function flushPoolAction(input: unknown) {
  return runAction(poolRefSchema, input, async ({ id }) => {
    await flushPool(id);
    return { id };
  });
}

export async function acquirePoolBrowserAction(input: unknown) {
  return runAction(poolAcquireActionSchema, input, async ({ id, wait_seconds }) => ({ session: await acquireFromPool(id, wait_seconds) }));
}

export async function releasePoolBrowserAction(input: unknown) {
  return runAction(poolReleaseActionSchema, input, async ({ id, session_id, reuse }) => {
    await releaseToPool(id, session_id, reuse);
    return { id, session_id, reuse };
  });
}
