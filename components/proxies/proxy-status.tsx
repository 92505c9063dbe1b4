import { StatusDot } from '@/components/ui/badge';
import type { Proxy } from '@/lib/schemas/proxy';

/** The health of a proxy as a coloured dot and a word, with the last check's explanation underneath. */
export function ProxyStatus({ proxy, checking }: { proxy: Pick<Proxy, 'status' | 'status_message'>; checking?: boolean }) {
  const tone = checking ? 'warning' : proxy.status === 'available' ? 'success' : proxy.status === 'unavailable' ? 'danger' : 'neutral';
  const label = checking ? 'Checking…' : proxy.status === 'available' ? 'Available' : proxy.status === 'unavailable' ? 'Unavailable' : 'Not checked';
  return (
    <div className="grid max-w-72 gap-0.5">
      <span className="flex items-center gap-1.5 font-medium" data-testid="proxy-status">
        <StatusDot tone={tone} /> {label}
      </span>
      {!checking && proxy.status_message && proxy.status === 'unavailable' ? (
        <span className="line-clamp-2 text-xs text-muted-foreground" title={proxy.status_message}>
          {proxy.status_message}
        </span>
      ) : null}
    </div>
  );
}
