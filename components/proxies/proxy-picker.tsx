'use client';

import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { Field, fieldAria } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { proxyListOptions } from '@/lib/queries/proxies';
import { PROXY_TYPE_INFO, proxyConfigSummary, proxyLabel } from '@/lib/proxy-format';
import type { BrowserCreateForm } from '@/lib/schemas/browser';

const PICKER_LIMIT = 100;

/** The proxy_id field of the browser create form: the organization's proxies, with their type and health. */
export function ProxyPicker({ form }: { form: UseFormReturn<BrowserCreateForm> }) {
  const proxies = useQuery(proxyListOptions({ limit: PICKER_LIMIT }));
  const error = form.formState.errors.proxy_id?.message;
  const items = proxies.data?.items ?? [];
  const hint = proxies.isError
    ? `Could not load proxies: ${proxies.error.message}`
    : items.length === 0 && !proxies.isPending
      ? 'No proxies yet; add one on the Proxies page.'
      : 'Optional. All of the session’s traffic goes through it.';
  return (
    <Field id="browser-proxy" label="Proxy" hint={hint} error={error}>
      <Select {...fieldAria('browser-proxy', error)} {...form.register('proxy_id')}>
        <option value="">No proxy (direct connection)</option>
        {items.map((p) => (
          <option key={p.id} value={p.id}>
            {proxyLabel(p)} · {PROXY_TYPE_INFO[p.type]?.label ?? p.type} · {proxyConfigSummary(p)} · {p.status ?? 'not checked'}
          </option>
        ))}
      </Select>
    </Field>
  );
}
