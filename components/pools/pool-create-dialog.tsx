'use client';

import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { applyServerErrors, byTopLevelField } from '@/lib/forms/server-errors';
import { FormDialog } from '@/components/ui/dialog';
import { useCreatePool } from '@/lib/hooks/use-create-pool';
import type { PoolCapacity } from '@/lib/schemas/pool';
import { poolFormDefaults, type PoolForm as Values } from '@/lib/schemas/pool-form';
import { PoolForm } from './pool-form';

const FORM_ID = 'pool-create-form';

/** Container: runs the create mutation and puts the server's refusals back on the form. */
export function PoolCreateDialog({ capacity }: { capacity: PoolCapacity | null }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const create = useCreatePool();
  const router = useRouter();

  async function submit(values: Values, form: UseFormReturn<Values>) {
    setServerError(undefined);
    try {
      const pool = await create.mutateAsync(values);
      toast.success(`Pool ${pool.name ?? pool.id} created; its browsers are starting`);
      setOpen(false);
      router.push(`/pools/${pool.id}`);
    } catch (err) {
      setServerError(applyServerErrors(err, form, byTopLevelField(form), { focus: true }));
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus /> New pool
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setServerError(undefined);
        }}
        title="New browser pool"
        description="Keeps identically configured browsers warm so an agent can acquire one at once."
        className="max-w-2xl"
        formId={FORM_ID}
        pending={create.isPending}
        submitLabel="Create pool"
        pendingLabel="Creating…"
        serverError={serverError}
      >
        <PoolForm id={FORM_ID} mode="create" defaultValues={poolFormDefaults} capacity={capacity} onSubmit={submit} />
      </FormDialog>
    </>
  );
}
