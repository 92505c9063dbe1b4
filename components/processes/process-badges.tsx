import { Badge } from '@/components/ui/badge';

/** Running, or the exit code: 0 green, a signal (-1) "killed", anything else red. */
export function ExitBadge({ exitCode }: { exitCode: number | null | undefined }) {
  if (exitCode === null || exitCode === undefined) {
    return (
      <Badge tone="info" data-testid="process-state">
        <span aria-hidden className="inline-block size-1.5 animate-pulse rounded-full bg-current" /> running
      </Badge>
    );
  }
  if (exitCode === 0) {
    return (
      <Badge tone="success" data-testid="process-state">
        exit code 0
      </Badge>
    );
  }
  return (
    <Badge tone="danger" data-testid="process-state" title={exitCode === -1 ? 'Ended by a signal' : undefined}>
      {exitCode === -1 ? 'killed (exit code -1)' : `exit code ${exitCode}`}
    </Badge>
  );
}

/** A command line as an operator would type it (arguments with spaces or quotes are quoted). */
export function commandLine(command: string, args: string[]): string {
  const quote = (s: string) => (s === '' ? "''" : /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [command, ...args].map(quote).join(' ');
}
