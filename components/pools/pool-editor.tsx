'use client';

import { useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { applyServerErrors, byTopLevelField } from '@/lib/forms/server-errors';
import { ConfirmDialog, FormAlert } from '@/components/ui/dialog';
import { useUpdatePool } from '@/lib/hooks/use-update-pool';
import type { BrowserPoolObject, PoolCapacity } from '@/lib/schemas/pool';
import { poolChanges, poolFormValues, type PoolForm as Values } from '@/lib/schemas/pool-form';
import { PoolForm } from './pool-form';

const FORM_ID = 'pool-edit-form';

interface Pending {
  values: Values;
  form: UseFormReturn<Values>;
}

/** Container: the editor for a pool; shows what will change and applies it only once confirmed. */
export function PoolEditor({ pool, capacity }: { pool: BrowserPoolObject; capacity: PoolCapacity | null }) {
  const update = useUpdatePool(pool.id);
  // The form starts from the configuration as loaded; later polls must not overwrite what the operator types.
  const [initial, setInitial] = useState(() => poolFormValues(pool.browser_pool_config));
  const [formKey, setFormKey] = useState(0);
  const [pending, setPending] = useState<Pending>();
  const [serverError, setServerError] = useState<string>();
  const [nothing, setNothing] = useState(false);
  const changes = useMemo(() => (pending ? poolChanges(initial, pending.values) : []), [initial, pending]);

  function review(values: Values, form: UseFormReturn<Values>) {
    setServerError(undefined);
    const diff = poolChanges(initial, values);
    setNothing(diff.length === 0 && !values.discard_all_idle);
    if (diff.length === 0 && !values.discard_all_idle) return;
    setPending({ values, form });
  }

  function apply() {
    if (!pending) return;
    const { values, form } = pending;
    update.mutate(values, {
      onSuccess: (updated) => {
        toast.success(`Pool ${updated.name ?? updated.id} updated${values.discard_all_idle ? '; idle browsers are being rebuilt' : ''}`);
        setInitial(poolFormValues(updated.browser_pool_config));
        setFormKey((k) => k + 1);
        setPending(undefined);
      },
      onError: (err) => {
        setPending(undefined);
        setServerError(applyServerErrors(err, form, byTopLevelField(form), { focus: true }));
      },
    });
  }

  return (
    <section aria-labelledby="editor-heading" className="grid gap-4 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="editor-heading" className="text-sm font-semibold">
          Configuration
        </h2>
        <p className="text-xs text-muted-foreground">New browsers use it; acquired browsers keep the configuration they started with.</p>
      </div>
      <PoolForm
        key={formKey}
        id={FORM_ID}
        mode="edit"
        defaultValues={initial}
        capacity={capacity}
        currentSize={pool.browser_pool_config.size}
        idleCount={pool.available_count}
        onSubmit={review}
      />
      <FormAlert message={serverError} />
      {nothing ? (
        <p role="status" className="text-sm text-muted-foreground">
          Nothing to change: the form matches the pool.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" form={FORM_ID} disabled={update.isPending}>
          Review changes
        </Button>
      </div>
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setPending(undefined)}
          title="Apply these changes?"
          description="The pool is updated at once; browsers started from now on use the new configuration."
          confirmLabel="Apply changes"
          destructive={pending.values.discard_all_idle}
          pending={update.isPending}
          onConfirm={apply}
        >
          <ul className="grid gap-1 text-sm" aria-label="Changes">
            {changes.map((c) => (
              <li key={c.field}>
                <span className="font-medium">{c.field}:</span> <span className="text-muted-foreground line-through">{c.from}</span> → {c.to}
              </li>
            ))}
            {pending.values.discard_all_idle ? (
              <li>
                <span className="font-medium">Discard idle browsers:</span>{' '}
                {pool.available_count === 0
                  ? 'no browser is idle right now; the pool starts new ones with the new configuration.'
                  : `the ${pool.available_count} idle browser${pool.available_count === 1 ? ' is' : 's are'} closed now and rebuilt with the new configuration.`}
              </li>
            ) : (
              <li className="text-muted-foreground">Idle browsers keep their current configuration until they are replaced.</li>
            )}
          </ul>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
