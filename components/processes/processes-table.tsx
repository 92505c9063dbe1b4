import { SquareTerminal } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatExact, formatRelative } from '@/lib/format';
import type { ProcessSummary } from '@/lib/schemas/process';
import { commandLine, ExitBadge } from './process-badges';

export function ProcessesTable({ sessionId, processes }: { sessionId: string; processes: ProcessSummary[] }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Command</Th>
          <Th>State</Th>
          <Th>Started</Th>
          <Th>PID</Th>
          <Th className="w-12">
            <span className="sr-only">Console</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {processes.map((p) => {
          const href = `/browsers/${sessionId}/processes/${p.process_id}`;
          const line = commandLine(p.command, p.args);
          return (
            <tr key={p.process_id} data-testid={`process-row-${p.process_id}`} className="hover:bg-muted/50">
              <Td className="max-w-md">
                <Link href={href} className="block truncate font-mono text-primary hover:underline" title={line}>
                  {line}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {p.kind === 'exec' ? 'exec · ' : ''}in <span className="font-mono">{p.cwd}</span>
                </span>
              </Td>
              <Td>
                <ExitBadge exitCode={p.exit_code} />
              </Td>
              <Td className="whitespace-nowrap">
                <time dateTime={p.started_at} title={formatExact(p.started_at)}>
                  {formatRelative(p.started_at)}
                </time>
              </Td>
              <Td className="font-mono text-xs">{p.pid}</Td>
              <Td>
                <Button asChild variant="ghost" size="icon">
                  <Link href={href} aria-label={`Open console for ${line}`}>
                    <SquareTerminal />
                  </Link>
                </Button>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
