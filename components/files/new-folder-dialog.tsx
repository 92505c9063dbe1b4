'use client';

import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ActionError } from '@/lib/action-result';
import { useCreateDirectory } from '@/lib/hooks/use-create-directory';
import type { NewFolderForm } from '@/lib/schemas/fs';
import { NEW_FOLDER_FORM_ID, NewFolderForm as Form } from './new-folder-form';

/** Container: runs create_directory and maps the server's answer back onto the form. */
export function NewFolderDialog({
  sessionId,
  parent,
  existing,
  onClose,
  onCreated,
}: {
  sessionId: string;
  parent: string;
  existing: ReadonlySet<string>;
  onClose: () => void;
  onCreated: (path: string) => void;
}) {
  const create = useCreateDirectory(sessionId);
  const [serverError, setServerError] = useState<string>();

  async function submit({ name }: NewFolderForm, form: UseFormReturn<NewFolderForm>) {
    setServerError(undefined);
    if (existing.has(name.trim())) {
      form.setError('name', { message: `${parent === '/' ? '' : parent}/${name.trim()} already exists` });
      return;
    }
    try {
      const { path } = await create.mutateAsync({ parent, name });
      toast.success(`Created ${path}`);
      onCreated(path);
    } catch (err) {
      if (err instanceof ActionError && err.fieldErrors.name) form.setError('name', { message: err.fieldErrors.name });
      else setServerError(err instanceof Error ? err.message : 'The folder could not be created.');
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="New folder"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={NEW_FOLDER_FORM_ID} disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create folder'}
          </Button>
        </>
      }
    >
      <Form parent={parent} onSubmit={submit} />
      {serverError ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
    </Dialog>
  );
}
