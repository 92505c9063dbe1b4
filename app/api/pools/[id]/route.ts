import { NextResponse } from 'next/server';
import { poolNameSchema } from '@/lib/schemas/pool';
import { getPool } from '@/lib/server/pools';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute<{ id: string }>(async (_req, { id }) => {
  return NextResponse.json(await getPool(poolNameSchema.parse(id)));
});
