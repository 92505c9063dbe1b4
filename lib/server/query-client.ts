import 'server-only';
import { cache } from 'react';
import { makeQueryClient } from '@/lib/query-client';

/** One QueryClient per server request, for prefetching what the client root will read. */
export const getQueryClient = cache(makeQueryClient);
