'use client';

import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/ui/dialog';
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
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="New folder"
      formId={NEW_FOLDER_FORM_ID}
      pending={create.isPending}
      submitLabel="Create folder"
      pendingLabel="Creating…"
      serverError={serverError}
    >
      <Form parent={parent} onSubmit={submit} />
    </FormDialog>
  );
}
