'use client';

import { CornerDownLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { useWriteProcessStdin } from '@/lib/hooks/use-write-process-stdin';

/** A line of standard input: Enter sends it with a newline; "Send EOF" closes standard input. */
export function StdinBar({ sessionId, processId, running }: { sessionId: string; processId: string; running: boolean }) {
  const write = useWriteProcessStdin(sessionId, processId);
  const [line, setLine] = useState('');
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [closed, setClosed] = useState(false);
  const hydrated = useHydrated();
  const disabled = !hydrated || !running || closed;

  function send(text: string, eof = false) {
    write.mutate(
      { text, eof },
      {
        onSuccess: (r) => {
          if (eof) setClosed(true);
          setResult({ tone: 'ok', text: eof ? 'Standard input closed (EOF sent)' : `Wrote ${r.written_bytes} ${r.written_bytes === 1 ? 'byte' : 'bytes'}` });
          if (!eof) setLine('');
        },
        onError: (err) => setResult({ tone: 'error', text: err.message }),
      },
    );
  }

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) send(`${line}\n`);
      }}
    >
      <label htmlFor="process-stdin" className="sr-only">
        Standard input
      </label>
      <Input
        id="process-stdin"
        className="min-w-64 flex-1 font-mono"
        placeholder={closed ? 'Standard input is closed' : running ? 'Type a line for standard input and press Enter' : 'The process has exited'}
        value={line}
        onChange={(e) => setLine(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" variant="outline" size="sm" disabled={disabled || write.isPending}>
        <CornerDownLeft /> Send
      </Button>
      <Button type="button" variant="ghost" size="sm" disabled={disabled || write.isPending} onClick={() => send('', true)}>
        Send EOF
      </Button>
      <span role="status" aria-live="polite" className={result?.tone === 'error' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {result?.text}
      </span>
    </form>
  );
}
