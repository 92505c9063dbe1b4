import 'server-only';
import type { BrowserCreateParams } from '@onkernel/sdk/resources/browsers/browsers';
import { browserCreateSchema, type BrowserCreateInput, type BrowserListQuery, type BrowserSession, type BrowserPage } from '@/lib/schemas/browser';
import { kernel } from './kernel';

export async function listBrowsers(q: BrowserListQuery): Promise<BrowserPage> {
  const page = await kernel().browsers.list({ limit: q.limit, offset: q.offset, status: q.status, query: q.query || undefined });
  return {
    items: page.getPaginatedItems() as unknown as BrowserSession[],
    has_more: page.has_more === true,
    next_offset: page.next_offset ?? null,
  };
}

export async function getBrowser(id: string): Promise<BrowserSession> {
  return (await kernel().browsers.retrieve(id, { include_deleted: true })) as unknown as BrowserSession;
}

export async function createBrowser(input: BrowserCreateInput): Promise<BrowserSession> {
  // Validate against the engine's own schema too, so the form and the API can never disagree silently.
  const body = browserCreateSchema.parse(input);
  return (await kernel().browsers.create(body as unknown as BrowserCreateParams)) as unknown as BrowserSession;
}

export async function deleteBrowser(id: string): Promise<void> {
  await kernel().browsers.deleteByID(id);
}

/** The deprecated DELETE /browsers?persistent_id= is gone from the SDK: call it through its generic method. */
export async function deletePersistentBrowser(persistentId: string): Promise<void> {
  await kernel().delete('/browsers', { query: { persistent_id: persistentId } });
}
