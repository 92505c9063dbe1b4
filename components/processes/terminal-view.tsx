'use client';

import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import type { TerminalApi } from '@/lib/process/console-controller';

const THEME = {
  background: '#0b0d12',
  foreground: '#d7dae0',
  cursor: '#0b0d12',
  selectionBackground: '#3a4a6b',
  black: '#1c1f26',
  red: '#ef5350',
  green: '#66bb6a',
  yellow: '#fdd835',
  blue: '#42a5f5',
  magenta: '#ab47bc',
  cyan: '#26c6da',
  white: '#e0e0e0',
  brightBlack: '#6b7280',
  brightRed: '#ff7961',
  brightGreen: '#98ee99',
  brightYellow: '#ffff6b',
  brightBlue: '#80d6ff',
  brightMagenta: '#df78ef',
  brightCyan: '#6ff9ff',
  brightWhite: '#ffffff',
};

const WRITE_PIECE = 32 * 1024;

const SEARCH_DECORATIONS = {
  matchBackground: '#5c4a00',
  activeMatchBackground: '#b38f00',
  matchOverviewRuler: '#b38f00',
  activeMatchColorOverviewRuler: '#ffd54f',
};

/**
 * An xterm.js terminal for output only (no keyboard input reaches the process through it). xterm is loaded
 * in the browser only; `onReady` hands out a small API once it is mounted, and null when it goes away.
 */
export function TerminalView({ onReady, label }: { onReady: (api: TerminalApi | null) => void; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void (async () => {
      const [{ Terminal }, { FitAddon }, { SearchAddon }] = await Promise.all([
        import('@xterm/xterm'),
        import('@xterm/addon-fit'),
        import('@xterm/addon-search'),
      ]);
      if (disposed || !host.current) return;
      const term = new Terminal({
        convertEol: true,
        disableStdin: true,
        cursorInactiveStyle: 'none',
        scrollback: 20_000,
        fontSize: 13,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        theme: THEME,
        allowProposedApi: true,
      });
      const fit = new FitAddon();
      const search = new SearchAddon();
      term.loadAddon(fit);
      term.loadAddon(search);
      term.open(host.current);
      fit.fit();
      const observer = new ResizeObserver(() => {
        try {
          fit.fit();
        } catch {
          /* not visible */
        }
      });
      observer.observe(host.current);
      let backlog = 0;
      const bufferText = () => {
        const buf = term.buffer.active;
        const lines: string[] = [];
        for (let i = 0; i < buf.length; i++) {
          const line = buf.getLine(i);
          if (!line) continue;
          if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += line.translateToString(true);
          else lines.push(line.translateToString(true));
        }
        while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
        return lines.join('\n');
      };
      onReadyRef.current({
        // xterm parses each write in one go: smaller pieces let it yield between them.
        write: (text) => {
          for (let i = 0; i < text.length; i += WRITE_PIECE) {
            const piece = text.slice(i, i + WRITE_PIECE);
            backlog += piece.length;
            term.write(piece, () => (backlog -= piece.length));
          }
        },
        backlog: () => backlog,
        clear: () => {
          search.clearDecorations();
          term.clear();
        },
        text: () => (term.hasSelection() ? term.getSelection() : bufferText()),
        findNext: (q) => search.findNext(q, { decorations: SEARCH_DECORATIONS }),
        findPrevious: (q) => search.findPrevious(q, { decorations: SEARCH_DECORATIONS }),
        clearSearch: () => search.clearDecorations(),
        scrollToBottom: () => term.scrollToBottom(),
      });
      cleanup = () => {
        observer.disconnect();
        onReadyRef.current(null);
        term.dispose();
      };
    })();
    return () => {
      disposed = true;
      cleanup();
    };
  }, []);

  return <div ref={host} role="log" aria-label={label} className="h-full min-h-0 w-full overflow-hidden bg-[#0b0d12] p-2" />;
}
