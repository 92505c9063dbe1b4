'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { processStartFormDefaults, processStartFormSchema, type ProcessStartForm, type ProcessStartValues } from '@/lib/schemas/process-form';
import { PROCESS_LIMITS } from '@/lib/schemas/process';

export const PROCESS_START_FORM_ID = 'process-start-form';

/** Presentational: validates with the shared schema and hands the values to onSubmit. */
export function ProcessStartForm({
  onSubmit,
}: {
  onSubmit: (values: ProcessStartValues, form: UseFormReturn<ProcessStartForm, unknown, ProcessStartValues>) => Promise<void>;
}) {
  const form = useForm<ProcessStartForm, unknown, ProcessStartValues>({
    resolver: zodResolver(processStartFormSchema),
    defaultValues: processStartFormDefaults,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;
  const e = formState.errors;
  const hydrated = useHydrated();
  return (
    <form id={PROCESS_START_FORM_ID} noValidate className="grid gap-4" onSubmit={handleSubmit((v) => onSubmit(v, form))}>
      <fieldset disabled={!hydrated} className="contents">
        <Field id="process-command" label="Command" hint="A program on PATH or a path; no shell unless you run one (sh)." error={e.command?.message}>
          <Input {...fieldAria('process-command', e.command?.message)} className="font-mono" placeholder="sh" autoComplete="off" spellCheck={false} {...register('command')} />
        </Field>
        <Field id="process-args" label="Arguments" hint="One per line, passed as they are." error={e.args?.message}>
          <Textarea {...fieldAria('process-args', e.args?.message)} rows={3} className="font-mono" placeholder={'-c\necho hello'} spellCheck={false} {...register('args')} />
        </Field>
        <Field id="process-cwd" label="Working directory" hint="A path in the session's files; the root (/) when empty." error={e.cwd?.message}>
          <Input {...fieldAria('process-cwd', e.cwd?.message)} className="font-mono" placeholder="/" autoComplete="off" spellCheck={false} {...register('cwd')} />
        </Field>
        <Field id="process-env" label="Environment" hint="NAME=value, one per line." error={e.env?.message}>
          <Textarea {...fieldAria('process-env', e.env?.message)} rows={2} className="font-mono" placeholder="DEBUG=1" spellCheck={false} {...register('env')} />
        </Field>
        <Field
          id="process-timeout"
          label="Timeout (seconds)"
          hint={`Optional; the process is killed after this long (${PROCESS_LIMITS.timeoutSec.min}–${PROCESS_LIMITS.timeoutSec.max}).`}
          error={e.timeout_sec?.message}
        >
          <Input {...fieldAria('process-timeout', e.timeout_sec?.message)} type="number" inputMode="numeric" {...register('timeout_sec')} />
        </Field>
      </fieldset>
    </form>
  );
}
