'use client';

import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatExact, formatRelative } from '@/lib/format';
import { useCheckProxy } from '@/lib/hooks/use-check-proxy';
import { PROXY_TYPE_INFO, proxyConfigSummary, proxyLabel } from '@/lib/proxy-format';
import type { Proxy } from '@/lib/schemas/proxy';
import { DeleteProxyDialog } from './delete-proxy-dialog';
import { ProxyStatus } from './proxy-status';

function ProxyRow({ proxy, onDelete }: { proxy: Proxy; onDelete: () => void }) {
  const check = useCheckProxy();
  const label = proxyLabel(proxy);
  const runCheck = () =>
    check.mutate(proxy.id, {
      onSuccess: (p) =>
        p.status === 'available'
          ? toast.success(`${label} is available${p.ip_address ? ` (exit IP ${p.ip_address})` : ''}`)
          : toast.error(`${label} is unavailable`, { description: p.status_message ?? undefined }),
      onError: (err) => toast.error(`Could not check ${label}`, { description: err.message }),
    });
  return (
    <tr data-testid={`proxy-row-${proxy.id}`} className="hover:bg-muted/50" aria-busy={check.isPending || undefined}>
      <Td>
        <div className="grid gap-0.5">
          <span className="font-medium">{proxy.name || <span className="text-muted-foreground">unnamed</span>}</span>
          <span className="font-mono text-xs text-muted-foreground">{proxy.id}</span>
        </div>
      </Td>
      <Td>
        <Badge tone={proxy.type === 'custom' ? 'info' : 'neutral'}>{PROXY_TYPE_INFO[proxy.type]?.label ?? proxy.type}</Badge>
      </Td>
      <Td className="font-mono text-xs uppercase">{proxy.protocol ?? '—'}</Td>
      <Td>
        <ProxyStatus proxy={proxy} checking={check.isPending} />
      </Td>
      <Td className="whitespace-nowrap">
        {proxy.last_checked ? (
          <time dateTime={proxy.last_checked} title={formatExact(proxy.last_checked)}>
            {formatRelative(proxy.last_checked)}
          </time>
        ) : (
          <span className="text-muted-foreground">never</span>
        )}
      </Td>
      <Td className="font-mono text-xs">{proxy.ip_address ?? <span className="text-muted-foreground">—</span>}</Td>
      <Td className="max-w-56 truncate text-xs" title={proxyConfigSummary(proxy)}>
        {proxyConfigSummary(proxy)}
      </Td>
      <Td>
        <div className="flex justify-end gap-1">
          <Button variant="outline" size="sm" onClick={runCheck} disabled={check.isPending} aria-label={`Check ${label} now`}>
            <RefreshCw className={check.isPending ? 'animate-spin' : undefined} /> {check.isPending ? 'Checking…' : 'Check now'}
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete proxy ${label}`} onClick={onDelete}>
            <Trash2 />
          </Button>
        </div>
      </Td>
    </tr>
  );
}

export function ProxiesTable({ proxies }: { proxies: Proxy[] }) {
  const [deleting, setDeleting] = useState<Proxy>();
  return (
    <>
      <Table>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Type</Th>
            <Th>Protocol</Th>
            <Th>Status</Th>
            <Th className="whitespace-nowrap">Last checked</Th>
            <Th>Exit IP</Th>
            <Th>Config</Th>
            <Th className="w-44">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {proxies.map((p) => (
            <ProxyRow key={p.id} proxy={p} onDelete={() => setDeleting(p)} />
          ))}
        </tbody>
      </Table>
      {deleting ? <DeleteProxyDialog proxy={deleting} open onOpenChange={(o) => !o && setDeleting(undefined)} /> : null}
    </>
  );
}
