/**
 * An incremental parser for `text/event-stream` bodies: feed it decoded chunks as they arrive and it calls `onData`
 * with the data of each complete event (multi-line data joined with "\n"). Comments (heartbeats) are skipped.
 */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      if (data.length) onData(data.join('\n'));
    }
  };
}
