'use client';

import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ProxyPicker } from '@/components/proxies/proxy-picker';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useCreateBrowser } from '@/lib/hooks/use-create-browser';
import type { BrowserCreateForm as Values } from '@/lib/schemas/browser';
import { BROWSER_CREATE_FORM_ID, BrowserCreateForm } from './browser-create-form';

/** Container: runs the create mutation and maps the server's field errors back onto the form. */
export function BrowserCreateDialog() {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const create = useCreateBrowser();
  const router = useRouter();

  async function submit(values: Values, form: UseFormReturn<Values>) {
    setServerError(undefined);
    try {
      const session = await create.mutateAsync(values);
      toast.success(`Browser ${session.session_id} is running`);
      setOpen(false);
      router.push(`/browsers/${session.session_id}`);
    } catch (err) {
      setServerError(
        applyServerErrors(err, form, (path, message) => {
          const key = path === 'persistence.id' ? 'persistent_id' : path.split('.')[0]!;
          return key in values ? { field: key as keyof Values, message } : undefined;
        }),
      );
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus /> New browser
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setServerError(undefined);
        }}
        title="New browser session"
        description="Starts a Chromium you can drive over CDP and watch from here."
        formId={BROWSER_CREATE_FORM_ID}
        pending={create.isPending}
        submitLabel="Create browser"
        pendingLabel="Starting…"
        serverError={serverError}
      >
        <BrowserCreateForm onSubmit={submit} proxyField={(form) => <ProxyPicker form={form} />} />
      </FormDialog>
    </>
  );
}
