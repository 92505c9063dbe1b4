'use server';

import 'server-only';
import { browserCreateFormSchema, browserFormToRequest, browserIdInputSchema, persistentIdInputSchema } from '@/lib/schemas/browser';
import { runAction } from '@/lib/server/action';
import { createBrowser, deleteBrowser, deletePersistentBrowser } from '@/lib/server/browsers';

export async function createBrowserAction(input: unknown) {
  return runAction(browserCreateFormSchema, input, (v) => createBrowser(browserFormToRequest(v)));
}

export async function deleteBrowserAction(input: unknown) {
  return runAction(browserIdInputSchema, input, async ({ id }) => {
    await deleteBrowser(id);
    return { id };
  });
}

export async function deletePersistentBrowserAction(input: unknown) {
  return runAction(persistentIdInputSchema, input, async ({ persistent_id }) => {
    await deletePersistentBrowser(persistent_id);
    return { persistent_id };
  });
}
