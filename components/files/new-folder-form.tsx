'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { newFolderFormSchema, type NewFolderForm as Values } from '@/lib/schemas/fs';

export const NEW_FOLDER_FORM_ID = 'new-folder-form';

/** Presentational: one name, checked with the shared schema before it is handed to onSubmit. */
export function NewFolderForm({ parent, onSubmit }: { parent: string; onSubmit: (values: Values, form: UseFormReturn<Values>) => Promise<void> }) {
  const form = useForm<Values>({ resolver: zodResolver(newFolderFormSchema), defaultValues: { name: '' } });
  const error = form.formState.errors.name?.message;
  return (
    <form id={NEW_FOLDER_FORM_ID} noValidate onSubmit={form.handleSubmit((v) => onSubmit(v, form))}>
      <Field id="new-folder-name" label="Folder name" hint={`Created in ${parent}`} error={error}>
        <Input {...fieldAria('new-folder-name', error)} autoFocus autoComplete="off" spellCheck={false} {...form.register('name')} />
      </Field>
    </form>
  );
}
