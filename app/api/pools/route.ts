import { NextResponse } from 'next/server';
import { poolListQuerySchema } from '@/lib/schemas/pool';
import { listPools } from '@/lib/server/pools';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute(async (req) => {
  const q = poolListQuerySchema.parse(Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await listPools(q));
});
