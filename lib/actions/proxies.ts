'use server';

import 'server-only';
import { proxyCreateFormSchema, proxyIdInputSchema } from '@/lib/schemas/proxy';
import { runAction } from '@/lib/server/action';
import { checkProxy, createProxy, deleteProxy } from '@/lib/server/proxies';

export async function createProxyAction(input: unknown) {
  return runAction(proxyCreateFormSchema, input, (v) => createProxy(v));
}

export async function checkProxyAction(input: unknown) {
  return runAction(proxyIdInputSchema, input, ({ id }) => checkProxy(id));
}

export async function deleteProxyAction(input: unknown) {
  return runAction(proxyIdInputSchema, input, async ({ id }) => {
    await deleteProxy(id);
    return { id };
  });
}
