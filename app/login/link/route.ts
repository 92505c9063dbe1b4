import { NextResponse, type NextRequest } from 'next/server';
import { clientAddress, passwordMatches, setSessionCookie } from '@/lib/server/auth';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '@/lib/server/rate-limit';

/** The ready login URL that `npm start` prints: /login/link?key=<password> signs in and opens the dashboard. */
export async function GET(req: NextRequest) {
  const key = req.nextUrl.searchParams.get('key') ?? '';
  const who = await clientAddress();
  const target = new URL('/browsers', req.nextUrl);
  if (loginRetryAfter(who) > 0 || !key || !passwordMatches(key)) {
    if (key) recordLoginFailure(who);
    return NextResponse.redirect(new URL('/login', req.nextUrl), { status: 303 });
  }
  clearLoginFailures(who);
  await setSessionCookie();
  const res = NextResponse.redirect(target, { status: 303 });
  res.headers.set('Referrer-Policy', 'no-referrer');
  return res;
}
