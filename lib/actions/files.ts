'use server';

import 'server-only';
import { createFolderInputSchema, fsEntryInputSchema } from '@/lib/schemas/fs';
import { runAction } from '@/lib/server/action';
import { createDirectory, deleteDirectory, deleteFile } from '@/lib/server/files';

export async function deleteFileAction(input: unknown) {
  return runAction(fsEntryInputSchema, input, async ({ id, path }) => {
    await deleteFile(id, path);
    return { path };
  });
}

export async function deleteDirectoryAction(input: unknown) {
  return runAction(fsEntryInputSchema, input, async ({ id, path }) => {
    await deleteDirectory(id, path);
    return { path };
  });
}

export async function createDirectoryAction(input: unknown) {
  return runAction(createFolderInputSchema, input, async ({ id, parent, name }) => ({ path: await createDirectory(id, parent, name) }));
}
