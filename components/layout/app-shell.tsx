import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { logoutAction } from '@/lib/actions/auth';
import { Button } from '@/components/ui/button';
import { MainNav } from './main-nav';
import { ThemeToggle } from './theme-toggle';

export function AppShell({ api, children }: { api: { mode: 'embedded' | 'cloud'; host: string }; children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2">
        Skip to content
      </a>
      <aside className="hidden w-56 shrink-0 flex-col border-r bg-card md:flex">
        <div className="flex h-14 items-center gap-2 border-b px-4 font-semibold">
          <MonitorSmartphone className="size-5 text-primary" /> Kernel
        </div>
        <MainNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-3 border-b bg-card px-4">
          <div className="md:hidden">
            <MainNav horizontal />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <span
              className="rounded-full border px-2.5 py-1 text-xs text-muted-foreground"
              title={api.mode === 'embedded' ? 'The engine bundled with this dashboard, on this machine' : 'A Kernel API set by KERNEL_BASE_URL'}
            >
              {api.mode === 'embedded' ? 'Local engine' : 'Kernel cloud'} · <span className="font-mono">{api.host}</span>
            </span>
            <ThemeToggle />
            <form action={logoutAction}>
              <Button type="submit" variant="ghost" size="sm">
                <LogOut /> Log out
              </Button>
            </form>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
