'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Field, fieldAria } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { POOL_FILL_RATE, POOL_MAX_EXTENSIONS, POOL_TIMEOUT, type PoolCapacity } from '@/lib/schemas/pool';
import { poolFormSchemaFor, type PoolForm as Values } from '@/lib/schemas/pool-form';
import { SUPPORTED_VIEWPORTS, viewportLabel } from '@/lib/schemas/viewport';
import { CapacityMeter } from './capacity-meter';

/**
 * Presentational: the pool configuration with every rule of the shared schema, plus the organization's capacity,
 * checked before anything is sent. `mode: "edit"` adds discard_all_idle.
 */
export function PoolForm({
  id,
  mode,
  defaultValues,
  capacity,
  currentSize = 0,
  idleCount = 0,
  onSubmit,
}: {
  id: string;
  mode: 'create' | 'edit';
  defaultValues: Values;
  capacity: PoolCapacity | null;
  currentSize?: number;
  idleCount?: number;
  onSubmit: (values: Values, form: UseFormReturn<Values>) => void | Promise<void>;
}) {
  const schema = useMemo(() => poolFormSchemaFor(capacity, currentSize), [capacity, currentSize]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const { register, handleSubmit, formState, control } = form;
  const e = formState.errors;
  const [viewport, size, profileBy] = useWatch({ control, name: ['viewport', 'size', 'profile_by'] });
  const refresh = SUPPORTED_VIEWPORTS.find((v) => viewportLabel(v) === viewport)?.refresh_rate;
  const p = (name: string) => `${id}-${name}`;

  return (
    <form id={id} noValidate className="grid gap-4" onSubmit={handleSubmit((v) => onSubmit(v, form))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={p('name')}
          label="Name"
          hint={`${mode === 'create' ? 'Optional. ' : ''}1–255 letters, digits, ".", "_" and "-"; unique in the organization.`}
          error={e.name?.message}
        >
          <Input {...fieldAria(p('name'), e.name?.message)} placeholder="checkout-pool" {...register('name')} />
        </Field>
        <Field id={p('size')} label="Size" hint="Browsers the pool keeps, at least 1." error={e.size?.message}>
          <Input {...fieldAria(p('size'), e.size?.message)} type="number" inputMode="numeric" min={1} {...register('size', { valueAsNumber: true })} />
        </Field>
      </div>
      <CapacityMeter capacity={capacity} currentSize={currentSize} newSize={Number.isInteger(size) ? size : currentSize} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={p('fill')}
          label="Fill rate (% of the size per minute)"
          hint={`${POOL_FILL_RATE.min}–${POOL_FILL_RATE.max}, default ${POOL_FILL_RATE.default}. How fast missing browsers are started; 0 stops refilling.`}
          error={e.fill_rate_per_minute?.message}
        >
          <Input
            {...fieldAria(p('fill'), e.fill_rate_per_minute?.message)}
            type="number"
            inputMode="numeric"
            min={POOL_FILL_RATE.min}
            max={POOL_FILL_RATE.max}
            {...register('fill_rate_per_minute', { valueAsNumber: true })}
          />
        </Field>
        <Field
          id={p('timeout')}
          label="Idle timeout (seconds)"
          hint={`${POOL_TIMEOUT.min}–${POOL_TIMEOUT.max}, default ${POOL_TIMEOUT.default}. An acquired browser idle this long is destroyed and replaced.`}
          error={e.timeout_seconds?.message}
        >
          <Input
            {...fieldAria(p('timeout'), e.timeout_seconds?.message)}
            type="number"
            inputMode="numeric"
            min={POOL_TIMEOUT.min}
            max={POOL_TIMEOUT.max}
            {...register('timeout_seconds', { valueAsNumber: true })}
          />
        </Field>
        <Field
          id={p('viewport')}
          label="Viewport"
          hint={refresh ? `Refresh rate ${refresh} Hz, set by the viewport. Only the supported configurations can be chosen.` : undefined}
          error={e.viewport?.message}
        >
          <Select {...fieldAria(p('viewport'), e.viewport?.message)} {...register('viewport')}>
            {SUPPORTED_VIEWPORTS.map((v) => (
              <option key={viewportLabel(v)} value={viewportLabel(v)}>
                {v.width}×{v.height} @ {v.refresh_rate} Hz
              </option>
            ))}
          </Select>
        </Field>
        <Field id={p('proxy')} label="Proxy id" hint="Optional; a proxy of this organization." error={e.proxy_id?.message}>
          <Input {...fieldAria(p('proxy'), e.proxy_id?.message)} placeholder="none" {...register('proxy_id')} />
        </Field>
        <Field id={p('profile')} label="Profile" hint="Optional; loaded read-only into every browser. It must exist already." error={e.profile?.message}>
          <div className="flex gap-2">
            <Select aria-label="Profile given by" className="w-28" {...register('profile_by')}>
              <option value="none">None</option>
              <option value="name">Name</option>
              <option value="id">Id</option>
            </Select>
            <Input {...fieldAria(p('profile'), e.profile?.message)} disabled={profileBy === 'none'} placeholder={profileBy === 'none' ? '' : `profile ${profileBy}`} {...register('profile')} />
          </div>
        </Field>
        <Field
          id={p('extensions')}
          label="Extensions"
          hint={`Optional; one uploaded extension name per line, at most ${POOL_MAX_EXTENSIONS}.`}
          error={e.extensions?.message}
        >
          <Textarea {...fieldAria(p('extensions'), e.extensions?.message)} rows={2} {...register('extensions')} />
        </Field>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Options</legend>
        <Checkbox id={p('headless')} label="Headless" hint="No live view; uses fewer resources." {...register('headless')} />
        <Checkbox id={p('stealth')} label="Stealth" hint="Reduce automation fingerprints." {...register('stealth')} />
        <Checkbox id={p('kiosk')} label="Kiosk mode" hint="Hide the address bar and tabs in the live view." {...register('kiosk_mode')} />
        {mode === 'edit' ? (
          <Checkbox
            id={p('discard')}
            label="Discard idle browsers now"
            hint={`${idleCount === 0 ? 'No browser is idle right now. ' : `Closes the ${idleCount} idle browser${idleCount === 1 ? '' : 's'} at once and starts new ones with this configuration. `}Acquired browsers are not touched. Left unchecked, idle browsers keep their old configuration until they are flushed or released without reuse.`}
            {...register('discard_all_idle')}
          />
        ) : null}
      </fieldset>
    </form>
  );
}
