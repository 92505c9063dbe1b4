'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ErrorNotice } from '@/components/ui/states';
import { processStreamUrl } from '@/lib/api/processes';
import { formatBytes } from '@/lib/format';
import { useProcessStream } from '@/lib/hooks/use-process-stream';
import { ConsoleController, type TerminalApi } from '@/lib/process/console-controller';
import type { ConsoleChunk } from '@/lib/process/output-decoder';
import { processDetailOptions, processKeys } from '@/lib/queries/processes';
import { ConsoleToolbar, type ConsoleActions } from './console-toolbar';
import { KillControl } from './kill-control';
import { commandLine, ExitBadge } from './process-badges';
import { StdinBar } from './stdin-bar';
import { StreamStatus } from './stream-status';
import { TerminalView } from './terminal-view';

/** One process's live console: output (xterm.js), its controls, standard input and kill. */
export function ProcessConsole({ sessionId, processId }: { sessionId: string; processId: string }) {
  const qc = useQueryClient();
  const detail = useQuery(processDetailOptions(sessionId, processId));
  const [controller] = useState(() => new ConsoleController());
  const [paused, setPaused] = useState(false);
  const [newLines, setNewLines] = useState(0);

  const onChunk = useCallback(
    (chunk: ConsoleChunk) => {
      controller.push(chunk);
      if (controller.paused) setNewLines(controller.newLines);
      if (chunk.kind === 'exit') {
        void qc.invalidateQueries({ queryKey: processKeys.detail(sessionId, processId) });
        void qc.invalidateQueries({ queryKey: processKeys.lists(sessionId) });
      }
    },
    [controller, qc, sessionId, processId],
  );
  const stream = useProcessStream(processStreamUrl(sessionId, processId), onChunk);
  const onReady = useCallback((api: TerminalApi | null) => controller.attach(api), [controller]);

  const actions: ConsoleActions = {
    togglePause() {
      setPaused(controller.togglePause());
      setNewLines(0);
    },
    find: (q, backwards) => controller.find(q, backwards),
    clearSearch: () => controller.clearSearch(),
    async copy() {
      const text = controller.visibleText();
      try {
        await navigator.clipboard.writeText(text);
        toast.success(`Copied ${text.split('\n').length} lines`);
      } catch {
        toast.error('The browser refused clipboard access; select the text and press Ctrl+C instead.');
      }
    },
    download() {
      const url = URL.createObjectURL(new Blob([controller.logText()], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `process-${processId.slice(0, 8)}.log`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    clear() {
      controller.clear();
      setNewLines(0);
    },
  };

  const exitCode = stream.state.kind === 'ended' ? stream.state.exitCode : detail.data?.exit_code;
  const running = exitCode === null || exitCode === undefined ? detail.data?.state !== 'exited' : false;
  const summary = detail.data?.summary;

  return (
    <div className="grid gap-3">
      <Link href={`/browsers/${sessionId}/processes`} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" /> Processes
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="min-w-0 truncate font-mono text-sm font-semibold" title={summary ? commandLine(summary.command, summary.args) : processId}>
          {summary ? `$ ${commandLine(summary.command, summary.args)}` : `Process ${processId}`}
        </h2>
        <ExitBadge exitCode={running ? null : (exitCode ?? null)} />
        {running && detail.data?.mem_bytes !== undefined ? (
          <span className="text-xs text-muted-foreground">
            {detail.data.cpu_pct}% CPU · {formatBytes(detail.data.mem_bytes)}
          </span>
        ) : null}
        <div className="ml-auto">
          <StreamStatus state={stream.state} onRetry={stream.retryNow} />
        </div>
      </div>
      {detail.isError && stream.state.kind === 'failed' ? <ErrorNotice title="Could not load this process" message={detail.error.message} /> : null}
      <ConsoleToolbar paused={paused} newLines={newLines} actions={actions} />
      <div className="h-[60vh] min-h-80 overflow-hidden rounded-lg border">
        <TerminalView onReady={onReady} label="Process output" />
      </div>
      <p className="text-xs text-muted-foreground">
        Standard error is shown in <span className="font-medium text-[#ffaf00]">amber</span>.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
        <StdinBar sessionId={sessionId} processId={processId} running={running} />
        <KillControl sessionId={sessionId} processId={processId} running={running} />
      </div>
    </div>
  );
}
