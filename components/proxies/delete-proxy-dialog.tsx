'use client';

import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useDeleteProxy } from '@/lib/hooks/use-delete-proxy';
import { proxyLabel } from '@/lib/proxy-format';
import type { Proxy } from '@/lib/schemas/proxy';

export function DeleteProxyDialog({ proxy, open, onOpenChange }: { proxy: Proxy; open: boolean; onOpenChange: (open: boolean) => void }) {
  const del = useDeleteProxy();
  const label = proxyLabel(proxy);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete proxy ${label}?`}
      description="It leaves this list and can no longer be chosen for new browsers. Browser sessions already using it keep it: they keep its proxy id and keep sending their traffic through it until they end."
      confirmLabel="Delete proxy"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(proxy.id, {
          onSuccess: () => {
            toast.success(`Proxy ${label} deleted`);
            onOpenChange(false);
          },
          onError: (err) => toast.error(err.message),
        })
      }
    />
  );
}
