/** One dispatched server-sent event (WHATWG HTML §9.2.6); `data` lines are joined with "\n". */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental SSE parser: feed it decoded text in chunks of any size (a chunk may end inside a line, or between
 * the "\r" and "\n" of a CRLF) and it returns the events completed so far. Comment lines (": keepalive")
 * are counted but produce no event.
 */
export class SseParser {
  private buffer = '';
  private skipLf = false;
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  comments = 0;

  feed(text: string): SseMessage[] {
    const out: SseMessage[] = [];
    let start = 0;
    if (this.skipLf && text.startsWith('\n')) start = 1;
    this.skipLf = false;
    // Line ends are found with indexOf (fast on long base64 lines); CR is rare, so its position is reused.
    let cr = text.indexOf('\r', start);
    for (;;) {
      const lf = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) break;
      this.line(this.buffer + text.slice(start, end), out);
      this.buffer = '';
      start = end + 1;
      if (end === cr) {
        // CRLF counts as one line end, also when the LF comes in the next chunk.
        if (start === text.length) this.skipLf = true;
        else if (text.charCodeAt(start) === 10) start++;
      }
    }
    this.buffer += text.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) {
      this.comments++;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }
}
