'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Field, fieldAria } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { BROWSER_TIMEOUT, browserCreateFormDefaults, browserCreateFormSchema, type BrowserCreateForm } from '@/lib/schemas/browser';
import { SUPPORTED_VIEWPORT_LABELS } from '@/lib/schemas/viewport';

export const BROWSER_CREATE_FORM_ID = 'browser-create-form';

/** Presentational: validates with the shared schema and hands clean values to onSubmit. */
export function BrowserCreateForm({
  onSubmit,
  proxyField,
}: {
  onSubmit: (values: BrowserCreateForm, form: UseFormReturn<BrowserCreateForm>) => Promise<void>;
  proxyField?: (form: UseFormReturn<BrowserCreateForm>) => ReactNode;
}) {
  const form = useForm<BrowserCreateForm>({
    resolver: zodResolver(browserCreateFormSchema),
    defaultValues: browserCreateFormDefaults,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;
  const e = formState.errors;

  return (
    <form id={BROWSER_CREATE_FORM_ID} noValidate className="grid gap-4" onSubmit={handleSubmit((v) => onSubmit(v, form))}>
      <Field id="browser-name" label="Name" hint="Optional; letters, digits, '.', '_' and '-'. Unique among active sessions." error={e.name?.message}>
        <Input {...fieldAria('browser-name', e.name?.message)} placeholder="checkout-agent" {...register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="browser-viewport" label="Viewport" hint="Only the supported configurations." error={e.viewport?.message}>
          <Select {...fieldAria('browser-viewport', e.viewport?.message)} {...register('viewport')}>
            {SUPPORTED_VIEWPORT_LABELS.map((v) => (
              <option key={v} value={v}>
                {v.replace('@', ' @ ')} Hz
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="browser-timeout"
          label="Idle timeout (seconds)"
          hint={`${BROWSER_TIMEOUT.min}–${BROWSER_TIMEOUT.max}; the session ends after this long without a connection.`}
          error={e.timeout_seconds?.message}
        >
          <Input {...fieldAria('browser-timeout', e.timeout_seconds?.message)} type="number" inputMode="numeric" {...register('timeout_seconds', { valueAsNumber: true })} />
        </Field>
      </div>
      {proxyField?.(form)}
      <Field id="browser-start-url" label="Start URL" hint="Optional page to open first." error={e.start_url?.message}>
        <Input {...fieldAria('browser-start-url', e.start_url?.message)} placeholder="https://example.com" {...register('start_url')} />
      </Field>
      <Field
        id="browser-persistent-id"
        label="Persistent id (deprecated)"
        hint="Optional. Lets the session be deleted later by this id."
        error={e.persistent_id?.message}
      >
        <Input {...fieldAria('browser-persistent-id', e.persistent_id?.message)} {...register('persistent_id')} />
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Options</legend>
        <Checkbox id="browser-headless" label="Headless" hint="No live view; uses fewer resources." {...register('headless')} />
        <Checkbox id="browser-stealth" label="Stealth" hint="Reduce automation fingerprints." {...register('stealth')} />
        <Checkbox id="browser-kiosk" label="Kiosk mode" hint="Hide the address bar and tabs in the live view." {...register('kiosk_mode')} />
      </fieldset>
    </form>
  );
}
