'use server';

import 'server-only';
import { cursorActionSchema } from '@/lib/schemas/computer';
import { runAction } from '@/lib/server/action';
import { setCursor } from '@/lib/server/computer';

export async function setCursorAction(input: unknown) {
  return runAction(cursorActionSchema, input, async ({ id, hidden }) => {
    await setCursor(id, hidden);
    return { id, hidden };
  });
}
