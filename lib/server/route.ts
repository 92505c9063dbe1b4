import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { isLoggedIn } from './auth';
import { normalizeError } from './errors';

type Params = Record<string, string | string[]>;
type Handler<P extends Params> = (req: NextRequest, params: P) => Promise<Response> | Response;

/** Wraps a route handler: refuse without a login, and answer every failure with the Error shape. */
export function authedRoute<P extends Params = Params>(handler: Handler<P>) {
  return async (req: NextRequest, ctx: { params: Promise<P> }): Promise<Response> => {
    if (!(await isLoggedIn())) {
      return NextResponse.json({ code: 'unauthorized', message: 'Log in to use the dashboard.' }, { status: 401 });
    }
    try {
      return await handler(req, await ctx.params);
    } catch (err) {
      const { status, body } = normalizeError(err);
      return NextResponse.json(body, { status });
    }
  };
}

/** State-changing route handlers accept only same-origin requests (server actions get this from Next itself). */
export function assertSameOrigin(req: NextRequest): Response | undefined {
  const origin = req.headers.get('origin');
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (!origin || !host) return NextResponse.json({ code: 'forbidden', message: 'Origin header required.' }, { status: 403 });
  try {
    if (new URL(origin).host === host) return undefined;
  } catch {
    /* "null" or garbage */
  }
  return NextResponse.json({ code: 'forbidden', message: 'Cross-origin request refused.' }, { status: 403 });
}
