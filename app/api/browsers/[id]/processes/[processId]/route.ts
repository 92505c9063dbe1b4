import { NextResponse } from 'next/server';
import { resourceIdSchema } from '@/lib/schemas/common';
import { processIdSchema } from '@/lib/schemas/process';
import { getProcessDetail } from '@/lib/server/processes';
import { authedRoute } from '@/lib/server/route';

export const GET = authedRoute<{ id: string; processId: string }>(async (_req, { id, processId }) => {
  return NextResponse.json(await getProcessDetail(resourceIdSchema.parse(id), processIdSchema.parse(processId)));
});
