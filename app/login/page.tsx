import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { safeNextSchema } from '@/lib/schemas/auth';
import { isLoggedIn } from '@/lib/server/auth';

export const metadata: Metadata = { title: 'Log in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextSchema.parse((await searchParams).next);
  if (await isLoggedIn()) redirect(next ?? '/browsers');
  return (
    <main className="grid min-h-screen place-items-center bg-muted/40 p-4">
      <LoginForm next={next} />
    </main>
  );
}
