import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';
import { formatExact, formatRelative } from '@/lib/format';
import type { BrowserPoolObject } from '@/lib/schemas/pool';

export function PoolsTable({ pools }: { pools: BrowserPoolObject[] }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Pool</Th>
          <Th className="text-right">Size</Th>
          <Th className="text-right">Available</Th>
          <Th className="text-right">Acquired</Th>
          <Th>Fill rate</Th>
          <Th>Created</Th>
        </tr>
      </thead>
      <tbody>
        {pools.map((p) => {
          const cfg = p.browser_pool_config;
          return (
            <tr key={p.id} data-testid={`pool-row-${p.id}`} className="hover:bg-muted/50">
              <Td>
                <Link href={`/pools/${p.id}`} className="font-medium text-primary hover:underline">
                  {p.name ?? p.id}
                </Link>
                {p.name ? <div className="font-mono text-xs text-muted-foreground">{p.id}</div> : null}
              </Td>
              <Td className="text-right tabular-nums">{cfg.size}</Td>
              <Td className="text-right tabular-nums" data-testid="available-count">
                {p.available_count}
              </Td>
              <Td className="text-right tabular-nums" data-testid="acquired-count">
                {p.acquired_count}
              </Td>
              <Td>
                {cfg.fill_rate_per_minute === 0 ? <Badge tone="warning">paused</Badge> : `${cfg.fill_rate_per_minute ?? 10}% / min`}
              </Td>
              <Td>
                <time dateTime={p.created_at} title={formatExact(p.created_at)}>
                  {formatRelative(p.created_at)}
                </time>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
