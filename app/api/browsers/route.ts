import { NextResponse } from 'next/server';
import { browserListQuerySchema } from '@/lib/schemas/browser';
import { listBrowsers } from '@/lib/server/browsers';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute(async (req) => {
  const q = browserListQuerySchema.parse(Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await listBrowsers(q));
});
