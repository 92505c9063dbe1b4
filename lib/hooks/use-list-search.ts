'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/**
 * A list page whose filters live in its URL: `navigate` rewrites the query string (without scrolling), and the
 * search text follows typing at once but reaches the URL 250 ms after the last keystroke, back on the first page.
 */
export function useListSearch<F extends { query?: string; offset?: number }>(filters: F, toParams: (next: F) => URLSearchParams) {
  const router = useRouter();
  const pathname = usePathname();
  const [search, setSearch] = useState(filters.query ?? '');

  function navigate(next: F) {
    const sp = toParams(next);
    router.replace(`${pathname}${sp.size ? `?${sp}` : ''}`, { scroll: false });
  }

  useEffect(() => {
    if (search === (filters.query ?? '')) return;
    const t = setTimeout(() => navigate({ ...filters, query: search, offset: 0 }), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate is recreated each render; the debounce follows the text.
  }, [search]);

  return { search, setSearch, navigate };
}
