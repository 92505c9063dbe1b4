'use client';

import { AlertDialog as A, Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';
import { cn } from '@/lib/utils';

const overlay = 'fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]';
const panel =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 shadow-xl';

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className={overlay} />
        <D.Content className={cn(panel, 'max-w-lg', className)} aria-describedby={description ? undefined : undefined}>
          <div className="grid gap-1">
            <D.Title className="text-lg font-semibold">{title}</D.Title>
            {description ? (
              <D.Description className="text-sm text-muted-foreground">{description}</D.Description>
            ) : (
              <D.Description className="sr-only">{typeof title === 'string' ? title : 'Dialog'}</D.Description>
            )}
          </div>
          {children}
          {footer ? <div className="flex justify-end gap-2">{footer}</div> : null}
          <D.Close asChild>
            <Button variant="ghost" size="icon" className="absolute top-3 right-3" aria-label="Close">
              <X />
            </Button>
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** A confirmation that names what will happen; the action button stays busy until onConfirm settles. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  destructive = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  children?: ReactNode;
}) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className={overlay} />
        <A.Content className={cn(panel, 'max-w-md')}>
          <A.Title className="text-lg font-semibold">{title}</A.Title>
          <A.Description className="text-sm text-muted-foreground">{description}</A.Description>
          {children}
          <div className="flex justify-end gap-2">
            <A.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </A.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
            >
              {pending ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}

/** The message above a form when the server refused it for a reason no single field shows. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}

/** A dialog around one form: the form's fields, any server error under them, then Cancel and the submit button. */
export function FormDialog({
  formId,
  pending,
  submitLabel,
  pendingLabel,
  serverError,
  children,
  ...dialog
}: Omit<ComponentProps<typeof Dialog>, 'footer'> & {
  formId: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  serverError?: string;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="outline" onClick={() => dialog.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      {children}
      <FormAlert message={serverError} />
    </Dialog>
  );
}
