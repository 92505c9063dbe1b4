'use client';

import { KeyRound } from 'lucide-react';
import { useActionState } from 'react';
import { loginAction, type LoginState } from '@/lib/actions/auth';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export function LoginForm({ next }: { next?: string }) {
  const [state, action, pending] = useActionState<LoginState, FormData>(loginAction, {});
  const fieldError = state.field === 'password' ? state.error : undefined;
  return (
    <form action={action} className="grid w-full max-w-sm gap-5 rounded-xl border bg-card p-8 shadow-sm">
      <div className="grid gap-1">
        <div className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 text-primary" /> Kernel Dashboard
        </div>
        <p className="text-sm text-muted-foreground">
          Enter the dashboard password. <code>npm start</code> prints it with a ready login link.
        </p>
      </div>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field id="password" label="Password" error={fieldError}>
        <Input {...fieldAria('password', fieldError)} name="password" type="password" autoComplete="current-password" autoFocus required />
      </Field>
      {state.error && !fieldError ? (
        <p role="alert" className="text-sm text-destructive">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
