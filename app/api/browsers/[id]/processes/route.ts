import { NextResponse } from 'next/server';
import { paginationQuerySchema, resourceIdSchema } from '@/lib/schemas/common';
import { listProcesses } from '@/lib/server/processes';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  const q = paginationQuerySchema.parse(Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await listProcesses(resourceIdSchema.parse(id), q));
});
