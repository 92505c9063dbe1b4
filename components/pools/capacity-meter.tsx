import type { PoolCapacity } from '@/lib/schemas/pool';
import { cn } from '@/lib/utils';

/** The organization's pooled sessions: what other pools hold, what this pool would hold, and the limit. */
export function CapacityMeter({ capacity, currentSize, newSize }: { capacity: PoolCapacity | null; currentSize: number; newSize: number }) {
  if (!capacity) {
    return (
      <p className="text-xs text-muted-foreground">
        This API does not publish its pooled-sessions limit; a size that does not fit is refused when you apply.
      </p>
    );
  }
  const others = Math.max(0, capacity.used - currentSize);
  const over = others + newSize > capacity.limit;
  const pct = (n: number) => `${Math.min(100, (n / Math.max(capacity.limit, 1)) * 100)}%`;
  return (
    <div className="grid gap-1.5" role="group" aria-label="Pooled-sessions capacity">
      <div className="flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="bg-muted-foreground/50" style={{ width: pct(others) }} />
        <div className={cn(over ? 'bg-destructive' : 'bg-primary')} style={{ width: pct(Math.max(0, newSize)) }} />
      </div>
      <p className={cn('text-xs', over ? 'text-destructive' : 'text-muted-foreground')} data-testid="pool-capacity">
        Pooled sessions: other pools {others} · this pool {newSize}
        {currentSize && newSize !== currentSize ? ` (now ${currentSize})` : ''} · limit {capacity.limit} ·{' '}
        {over ? `${others + newSize - capacity.limit} over` : `${capacity.limit - others - newSize} free`}
      </p>
    </div>
  );
}
