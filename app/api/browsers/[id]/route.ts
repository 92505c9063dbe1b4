import { NextResponse } from 'next/server';
import { resourceIdSchema } from '@/lib/schemas/common';
import { getBrowser } from '@/lib/server/browsers';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute<{ id: string }>(async (_req, { id }) => {
  return NextResponse.json(await getBrowser(resourceIdSchema.parse(id)));
});
