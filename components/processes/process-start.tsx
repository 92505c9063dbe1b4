'use client';

import { Play } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useSpawnProcess } from '@/lib/hooks/use-spawn-process';
import { processFormToRequest, type ProcessStartForm as FormInput, type ProcessStartValues } from '@/lib/schemas/process-form';
import { PROCESS_START_FORM_ID, ProcessStartForm } from './process-start-form';

const FORM_FIELDS = ['command', 'args', 'cwd', 'env', 'timeout_sec'] as const;

/** Container: starts the process, maps the server's field errors onto the form, then opens the console. */
export function ProcessStart({ sessionId }: { sessionId: string }) {
  const spawn = useSpawnProcess(sessionId);
  const router = useRouter();
  const [serverError, setServerError] = useState<string>();

  async function submit(values: ProcessStartValues, form: UseFormReturn<FormInput, unknown, ProcessStartValues>) {
    setServerError(undefined);
    try {
      const res = await spawn.mutateAsync(processFormToRequest(values));
      toast.success(`Started ${values.command} (pid ${res.pid})`);
      router.push(`/browsers/${sessionId}/processes/${res.process_id}`);
    } catch (err) {
      setServerError(
        applyServerErrors(err, form, (path, message) => {
          const field = path.replace(/^request\./, '').split(/[.[]/)[0] as (typeof FORM_FIELDS)[number];
          if (!FORM_FIELDS.includes(field)) return undefined;
          return { field, message: path.includes('.') && field === 'env' ? `${path.replace(/^request\./, '')}: ${message}` : message };
        }),
      );
    }
  }

  return (
    <div className="grid gap-4">
      <ProcessStartForm onSubmit={submit} />
      <FormAlert message={serverError} />
      <Button type="submit" form={PROCESS_START_FORM_ID} disabled={spawn.isPending} className="justify-self-start">
        <Play /> {spawn.isPending ? 'Starting…' : 'Run'}
      </Button>
    </div>
  );
}
