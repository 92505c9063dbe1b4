'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ActionError } from '@/lib/action-result';
import { useDeletePersistentBrowser } from '@/lib/hooks/use-delete-persistent-browser';
import { resourceIdSchema } from '@/lib/schemas/common';

/** The deprecated DELETE /browsers?persistent_id=, kept for sessions created with a persistent id. */
export function DeletePersistentDialog() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const del = useDeletePersistentBrowser();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = resourceIdSchema.safeParse(value.trim());
    if (!parsed.success) {
      setError(`Persistent id ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
      return;
    }
    setError(undefined);
    del.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`Deleted the session with persistent id ${parsed.data}`);
        setOpen(false);
        setValue('');
      },
      onError: (err) => setError(err instanceof ActionError ? err.message : 'The request failed; try again.'),
    });
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Delete by persistent id
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={
          <span className="flex items-center gap-2">
            Delete by persistent id <Badge tone="warning">Deprecated</Badge>
          </span>
        }
        description="Uses the deprecated DELETE /browsers?persistent_id= endpoint. Prefer deleting a session by its id."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" type="submit" form="persistent-delete-form" disabled={del.isPending}>
              {del.isPending ? 'Deleting…' : 'Delete session'}
            </Button>
          </>
        }
      >
        <form id="persistent-delete-form" noValidate onSubmit={submit}>
          <Field id="persistent-id" label="Persistent id" error={error}>
            <Input {...fieldAria('persistent-id', error)} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
