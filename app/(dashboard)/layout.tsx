import type { ReactNode } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { requireOperatorPage } from '@/lib/server/auth';
import { apiLabel } from '@/lib/server/env';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await requireOperatorPage();
  return <AppShell api={apiLabel()}>{children}</AppShell>;
}
