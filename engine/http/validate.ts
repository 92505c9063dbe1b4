import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, ValidationError } from './errors';

const MAX_JSON_BYTES = 1024 * 1024;

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error);
  return result.data;
}

/** Reads a JSON body (an empty body counts as {}), refusing oversized or malformed ones with a 4xx. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_JSON_BYTES) throw new HttpError(413, `body: must be at most ${MAX_JSON_BYTES} bytes`);
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, `body: must be at most ${MAX_JSON_BYTES} bytes`);
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'body: must be valid JSON');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'body: must be a JSON object');
  }
  return parseWith(schema, value);
}

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function paramOf<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) {
    throw new HttpError(400, `${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  }
  return result.data;
}
