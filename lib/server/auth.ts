import 'server-only';
import crypto from 'node:crypto';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cookieSecret, dashboardPassword } from './secrets';

export const SESSION_COOKIE = 'kd_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The signing key also covers the password, so changing the password signs every operator out. */
function signingKey(): Buffer {
  return crypto.createHmac('sha256', cookieSecret()).update(dashboardPassword()).digest();
}

function sign(payload: string): string {
  return crypto.createHmac('sha256', signingKey()).update(payload).digest('base64url');
}

export function issueSessionToken(now = Date.now()): string {
  const payload = `${now + SESSION_TTL_MS}.${crypto.randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(payload)}`;
}

export function verifySessionToken(token: string | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [exp, nonce, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${exp}.${nonce}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
  const expires = Number(exp);
  return Number.isFinite(expires) && expires > now;
}

/** Constant-time password check: both sides are hashed to the same length first. */
export function passwordMatches(candidate: string): boolean {
  const a = crypto.createHash('sha256').update(candidate).digest();
  const b = crypto.createHash('sha256').update(dashboardPassword()).digest();
  return crypto.timingSafeEqual(a, b);
}

export async function isLoggedIn(): Promise<boolean> {
  const jar = await cookies();
  return verifySessionToken(jar.get(SESSION_COOKIE)?.value);
}

/** For pages and layouts: send a visitor without a valid login to the login page. */
export async function requireOperatorPage(): Promise<void> {
  if (!(await isLoggedIn())) redirect('/login');
}

export async function setSessionCookie(): Promise<void> {
  const jar = await cookies();
  const h = await headers();
  const secure = (h.get('x-forwarded-proto') ?? '').split(',')[0]?.trim() === 'https';
  jar.set(SESSION_COOKIE, issueSessionToken(), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export async function clearSessionCookie(): Promise<void> {
  (await cookies()).delete(SESSION_COOKIE);
}

export async function clientAddress(): Promise<string> {
  const h = await headers();
  return h.get('x-forwarded-for')?.split(',')[0]?.trim() || h.get('x-real-ip') || 'local';
}
