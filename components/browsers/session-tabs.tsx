'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/utils';

/** The session page's sections; each is its own route so every tab can be deep-linked. */
const TABS = [
  { segment: '', label: 'Overview' },
  { segment: 'files', label: 'Files' },
];

export function SessionTabs({ sessionId }: { sessionId: string }) {
  const pathname = usePathname();
  const base = `/browsers/${sessionId}`;
  return (
    <nav aria-label="Session sections" className="flex gap-1 border-b">
      {TABS.map((t) => {
        const href = t.segment ? `${base}/${t.segment}` : base;
        const active = t.segment ? pathname.startsWith(href) : pathname === base;
        return (
          <Link
            key={t.label}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
              active && 'border-primary text-foreground',
            )}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
