import { z } from 'zod';
import { resourceIdSchema } from './common';

/** Limits of the session filesystem endpoints, shared by the engine, the dashboard's server code and its forms. */
export const FS_LIMITS = {
  /** Linux PATH_MAX, in UTF-8 bytes. */
  maxPathBytes: 4096,
  /** Linux NAME_MAX for one path component, in UTF-8 bytes. */
  maxNameBytes: 255,
  /** One write_file body. */
  maxWriteBytes: 1024 * 1024 * 1024,
  /** One upload request, all files together. */
  maxUploadBytes: 512 * 1024 * 1024,
  maxUploadFiles: 1000,
  /** A listing beyond this is refused rather than built in memory. */
  maxListEntries: 250_000,
} as const;

const utf8 = new TextEncoder();
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function requiredString(what = 'a string') {
  return z.string({ error: (iss) => (iss.input === undefined ? 'is required' : `must be ${what}`) });
}

/**
 * An absolute path inside a session's filesystem. The rules are lexical only: the engine still resolves the
 * path against the session root (symbolic links included) before touching anything.
 */
export const sessionPathSchema = requiredString('a string')
  .min(1, 'must not be empty')
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value.includes('\0')) return fail('must not contain a NUL byte');
    if (CONTROL_CHARS.test(value)) return fail('must not contain control characters');
    if (!value.startsWith('/')) return fail('must be an absolute path starting with "/"');
    if (utf8.encode(value).length > FS_LIMITS.maxPathBytes) {
      return fail(`must be at most ${FS_LIMITS.maxPathBytes} bytes long`);
    }
    const parts = value.split('/');
    if (parts.includes('..')) return fail('must not contain ".." segments');
    if (parts.some((p) => utf8.encode(p).length > FS_LIMITS.maxNameBytes)) {
      return fail(`each name in the path must be at most ${FS_LIMITS.maxNameBytes} bytes long`);
    }
  });

/** "/a//b/./c/" → "/a/b/c"; expects a path that passed sessionPathSchema. */
export function normalizeSessionPath(value: string): string {
  const parts = value.split('/').filter((p) => p !== '' && p !== '.');
  return '/' + parts.join('/');
}

/** The parent of a normalized session path ("/" for "/" itself). */
export function parentSessionPath(value: string): string {
  const i = value.lastIndexOf('/');
  return i <= 0 ? '/' : value.slice(0, i);
}

export function joinSessionPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** A permission mode as an octal string (write_file, create_directory). */
export const fileModeSchema = z
  .string({ error: 'must be a string of octal digits' })
  .regex(/^[0-7]{3,4}$/, 'must be 3 or 4 octal digits, such as 644 or 0755');

export const fsPathQuerySchema = z.object({ path: sessionPathSchema });

export const writeFileQuerySchema = z.object({
  path: sessionPathSchema,
  mode: fileModeSchema.default('644'),
});

export const deleteFileSchema = z.object({ path: sessionPathSchema }).strict();
export const deleteDirectorySchema = z.object({ path: sessionPathSchema }).strict();

export const createDirectorySchema = z
  .object({ path: sessionPathSchema, mode: fileModeSchema.default('755') })
  .strict();

export const moveSchema = z.object({ src_path: sessionPathSchema, dest_path: sessionPathSchema }).strict();

/** A folder name typed into the dashboard's "New folder" form: one path component. */
export const folderNameSchema = requiredString('a string')
  .trim()
  .min(1, 'must not be empty')
  .refine((s) => s !== '.' && s !== '..', 'must not be "." or ".."')
  .refine((s) => !s.includes('/'), 'must not contain "/"')
  .refine((s) => !s.includes('\0') && !CONTROL_CHARS.test(s), 'must not contain control characters')
  .refine((s) => utf8.encode(s).length <= FS_LIMITS.maxNameBytes, `must be at most ${FS_LIMITS.maxNameBytes} bytes long`);

/** Dashboard inputs: a session and a path in it (delete, download, upload target). */
export const fsEntryInputSchema = z.object({ id: resourceIdSchema, path: sessionPathSchema }).strict();
export type FsEntryInput = z.infer<typeof fsEntryInputSchema>;

/** The "New folder" form: the folder's name; the container adds the session and the current directory. */
export const newFolderFormSchema = z.object({ name: folderNameSchema });
export type NewFolderForm = z.infer<typeof newFolderFormSchema>;

export const createFolderInputSchema = z
  .object({ id: resourceIdSchema, parent: sessionPathSchema, name: folderNameSchema })
  .strict();
export type CreateFolderInput = z.infer<typeof createFolderInputSchema>;

/** One entry of a listing, as the API returns it (spec "FileInfo"). */
export const fileInfoSchema = z.object({
  name: z.string(),
  path: z.string(),
  size_bytes: z.number(),
  is_dir: z.boolean(),
  mod_time: z.string(),
  mode: z.string(),
});

export type FileInfo = z.infer<typeof fileInfoSchema>;
