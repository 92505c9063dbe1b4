import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/20 text-foreground',
  danger: 'bg-destructive/15 text-destructive',
  info: 'bg-primary/15 text-primary',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONES[tone], className)}
      {...props}
    />
  );
}

export function StatusDot({ tone }: { tone: 'success' | 'danger' | 'neutral' | 'warning' }) {
  const color = { success: 'bg-success', danger: 'bg-destructive', neutral: 'bg-muted-foreground', warning: 'bg-warning' }[tone];
  return <span aria-hidden className={cn('inline-block size-2 rounded-full', color)} />;
}
