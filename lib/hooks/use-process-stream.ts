'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConsoleChunk } from '../process/output-decoder';
import { ProcessStreamClient, type StreamState } from '../process/stream-client';

/**
 * Owns the connection to one process's output stream (through the dashboard's relay): opens it, reconnects
 * with backoff without repeating output, and closes it when the component unmounts or the url changes.
 */
export function useProcessStream(url: string, onChunk: (chunk: ConsoleChunk) => void) {
  const [state, setState] = useState<StreamState>({ kind: 'connecting' });
  const onChunkRef = useRef(onChunk);
  const clientRef = useRef<ProcessStreamClient | null>(null);

  useEffect(() => {
    onChunkRef.current = onChunk;
  }, [onChunk]);

  useEffect(() => {
    const client = new ProcessStreamClient({ url, onChunk: (c) => onChunkRef.current(c), onState: setState });
    clientRef.current = client;
    client.start();
    return () => {
      client.stop();
      clientRef.current = null;
    };
  }, [url]);

  const retryNow = useCallback(() => clientRef.current?.retryNow(), []);
  return { state, retryNow };
}
