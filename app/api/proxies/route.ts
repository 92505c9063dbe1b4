import { NextResponse } from 'next/server';
import { proxyListQuerySchema } from '@/lib/schemas/proxy';
import { listProxies } from '@/lib/server/proxies';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute(async (req) => {
  const q = proxyListQuerySchema.parse(Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await listProxies(q));
});
