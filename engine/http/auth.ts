import { createMiddleware } from 'hono/factory';
import type { Orgs } from '../orgs/orgs';
import { HttpError } from './errors';

export type EngineEnv = { Variables: { orgId: string } };

export function bearerAuth(orgs: Orgs) {
  return createMiddleware<EngineEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'missing bearer token: send Authorization: Bearer <api key>');
    const orgId = orgs.orgForKey(match[1]!);
    if (!orgId) throw new HttpError(401, 'invalid API key');
    c.set('orgId', orgId);
    await next();
  });
}
