'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { loginSchema } from '@/lib/schemas/auth';
import { clearSessionCookie, clientAddress, passwordMatches, setSessionCookie } from '@/lib/server/auth';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '@/lib/server/rate-limit';

export type LoginState = { error?: string; field?: 'password' };

export async function loginAction(_prev: LoginState, form: FormData): Promise<LoginState> {
  const parsed = loginSchema.safeParse({ password: form.get('password'), next: form.get('next') ?? undefined });
  if (!parsed.success) return { error: 'Password: enter the dashboard password.', field: 'password' };
  const who = await clientAddress();
  const wait = loginRetryAfter(who);
  if (wait > 0) return { error: `Too many failed attempts. Try again in ${wait} s.` };
  if (!passwordMatches(parsed.data.password)) {
    recordLoginFailure(who);
    return { error: 'Password: that is not the dashboard password.', field: 'password' };
  }
  clearLoginFailures(who);
  await setSessionCookie();
  redirect(parsed.data.next ?? '/browsers');
}

export async function logoutAction(): Promise<void> {
  await clearSessionCookie();
  redirect('/login');
}
