import fs from 'node:fs';
import path from 'node:path';

const NEXT = path.resolve(import.meta.dirname, '../../.next');

/** Every page and route handler of the production build, as concrete paths (dynamic segments filled in). */
export function builtRoutes(): { pages: string[]; handlers: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(NEXT, 'server/app-paths-manifest.json'), 'utf8')) as Record<string, string>;
  const pages: string[] = [];
  const handlers: string[] = [];
  for (const key of Object.keys(manifest)) {
    if (key.startsWith('/_')) continue;
    const concrete = key
      .replace(/\/\([^)]+\)/g, '')
      .replace(/\[\.\.\.[^\]]+\]/g, 'x/y')
      .replace(/\[[^\]]+\]/g, 'x1');
    if (key.endsWith('/page')) pages.push(concrete.replace(/\/page$/, '') || '/');
    else if (key.endsWith('/route')) handlers.push(concrete.replace(/\/route$/, '') || '/');
  }
  return { pages, handlers };
}

export interface BuiltAction {
  id: string;
  name: string;
  /** A page that renders a client component importing the action, to post it to. */
  page: string;
}

export function builtActions(): BuiltAction[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(NEXT, 'server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, v]) => ({
    id,
    name: v.exportedName ?? id,
    page:
      Object.keys(v.workers)[0]!
        .replace(/^app/, '')
        .replace(/\/page$/, '')
        .replace(/\/\([^)]+\)/g, '')
        .replace(/\[[^\]]+\]/g, 'x1') || '/',
  }));
}

/** Posts a server action the way the browser does; returns the raw response text. */
export async function postAction(
  baseURL: string,
  action: BuiltAction,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseURL}${action.page}`, {
    method: 'POST',
    headers: { 'Next-Action': action.id, 'Content-Type': 'text/plain;charset=UTF-8', Origin: baseURL, Accept: 'text/x-component', ...headers },
    body: JSON.stringify(args),
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}
