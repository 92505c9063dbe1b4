'use client';

import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useCreateProxy } from '@/lib/hooks/use-create-proxy';
import { proxyLabel } from '@/lib/proxy-format';
import { PROXY_CONFIG_FIELDS, type ProxyFormValues } from '@/lib/schemas/proxy';
import { PROXY_CREATE_FORM_ID, ProxyCreateForm } from './proxy-create-form';

/** Maps an API field path ("config.port", "bypass_hosts[2]") onto the form field that shows it. */
function formField(path: string, values: ProxyFormValues): FieldPath<ProxyFormValues> | undefined {
  const config = /^config\.(\w+)$/.exec(path);
  if (config) return (PROXY_CONFIG_FIELDS[values.type] as readonly string[]).includes(config[1]!) ? (`config.${config[1]}` as FieldPath<ProxyFormValues>) : undefined;
  const top = path.replace(/\[\d+\]$/, '');
  return ['type', 'name', 'protocol', 'bypass_hosts'].includes(top) ? (top as FieldPath<ProxyFormValues>) : undefined;
}

/** Container: runs the create mutation and maps the server's field errors back onto the form. */
export function ProxyCreateDialog({ localEngine }: { localEngine: boolean }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const create = useCreateProxy();

  async function submit(values: ProxyFormValues, form: UseFormReturn<ProxyFormValues>) {
    setServerError(undefined);
    try {
      const proxy = await create.mutateAsync(values);
      const label = proxyLabel(proxy);
      if (proxy.status === 'available') toast.success(`Proxy ${label} created and available`);
      else toast.warning(`Proxy ${label} created, but it is unavailable`, { description: proxy.status_message ?? undefined });
      setOpen(false);
    } catch (err) {
      setServerError(
        applyServerErrors(err, form, (path, message) => {
          const field = formField(path, values);
          return field ? { field, message } : undefined;
        }),
      );
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus /> New proxy
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setServerError(undefined);
        }}
        title="New proxy"
        description="Browsers that use a proxy send all their traffic through it. It is checked as soon as it is saved."
        className="max-w-2xl"
        formId={PROXY_CREATE_FORM_ID}
        pending={create.isPending}
        submitLabel="Create proxy"
        pendingLabel="Creating and checking…"
        serverError={serverError}
      >
        <ProxyCreateForm onSubmit={submit} localEngine={localEngine} />
      </FormDialog>
    </>
  );
}
