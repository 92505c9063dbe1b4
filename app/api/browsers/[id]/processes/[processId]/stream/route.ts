import type { NextRequest } from 'next/server';
import { relayProcessStream } from '@/lib/server/process-stream';

export const dynamic = 'force-dynamic';

export async function GET(req: NextRequest, ctx: { params: Promise<{ id: string; processId: string }> }) {
  return relayProcessStream(req, await ctx.params);
}
