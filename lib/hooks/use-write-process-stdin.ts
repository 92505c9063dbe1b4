'use client';

import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { writeProcessStdinAction } from '@/lib/actions/processes';
import { textToBase64 } from '@/lib/process/base64';

/** Sends typed text as UTF-8 (never btoa on the raw string); `eof` closes standard input afterwards. */
export function useWriteProcessStdin(sessionId: string, processId: string) {
  return useMutation({
    mutationFn: ({ text, eof }: { text: string; eof?: boolean }) =>
      unwrap(writeProcessStdinAction({ session_id: sessionId, process_id: processId, data_b64: textToBase64(text), eof })),
  });
}
