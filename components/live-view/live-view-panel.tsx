'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Camera, Hand, MonitorOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadScreenshot } from '@/lib/api/computer';
import { liveViewEmbedUrl } from '@/lib/computer/live-view-url';
import type { LiveViewState } from '@/lib/hooks/use-live-view';
import { useRemoteInput } from '@/lib/hooks/use-remote-input';
import { browserKeys } from '@/lib/queries/browsers';
import type { BrowserSession } from '@/lib/schemas/browser';
import { CursorSwitch } from './cursor-switch';
import { LiveScreen } from './live-screen';

type Shown = 'connecting' | 'live' | 'ended' | 'no-live-view';

const BADGES: Record<Shown, { label: string; tone: 'neutral' | 'success' | 'warning' }> = {
  connecting: { label: 'Connecting…', tone: 'warning' },
  live: { label: 'Live', tone: 'success' },
  ended: { label: 'Ended', tone: 'neutral' },
  'no-live-view': { label: 'No live view', tone: 'neutral' },
};

/**
 * The session's screen: the relayed live view of the local engine, or the Kernel cloud's own live view in an
 * iframe, with the cursor switch, a screenshot download and "Take control".
 */
export function LiveViewPanel({ session, mode }: { session: BrowserSession; mode: 'embedded' | 'cloud' }) {
  const id = session.session_id;
  const qc = useQueryClient();
  const [wantsControl, setWantsControl] = useState(false);
  const [stream, setStream] = useState<LiveViewState>({ status: 'connecting', retrying: false });
  const [shooting, setShooting] = useState(false);
  const input = useRemoteInput(id);
  const screen = { width: session.viewport?.width ?? 1920, height: session.viewport?.height ?? 1080 };
  const cloudUrl = mode === 'cloud' ? liveViewEmbedUrl(session.browser_live_view_url, !wantsControl) : null;

  let shown: Shown;
  let message: string | undefined;
  if (session.deleted_at) [shown, message] = ['ended', 'The session has ended.'];
  else if (session.headless) [shown, message] = ['no-live-view', 'Headless sessions have no live view. Screenshots still work.'];
  else if (mode === 'cloud') [shown, message] = cloudUrl ? ['live', undefined] : ['no-live-view', 'The API gave this session no live view URL.'];
  else if (stream.status === 'unavailable') [shown, message] = ['no-live-view', stream.message];
  else if (stream.status === 'ended') [shown, message] = ['ended', stream.message];
  else if (stream.status === 'connecting') [shown, message] = ['connecting', stream.retrying ? `Reconnecting…${stream.message ? ` ${stream.message}` : ''}` : undefined];
  else shown = 'live';

  const ended = shown === 'ended';
  useEffect(() => {
    if (stream.status === 'ended') void qc.invalidateQueries({ queryKey: browserKeys.detail(id) });
  }, [stream.status, qc, id]);
  // Control lapses by itself when the view stops being live.
  const control = wantsControl && shown === 'live';

  const onState = useCallback((s: LiveViewState) => setStream(s), []);
  const screenshot = async () => {
    setShooting(true);
    try {
      await downloadScreenshot(id);
    } catch (err) {
      toast.error('No screenshot', { description: (err as Error).message });
    } finally {
      setShooting(false);
    }
  };

  const badge = BADGES[shown];
  const relayed = mode === 'embedded' && !session.headless && !session.deleted_at;
  return (
    <section aria-labelledby={`live-${id}`} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id={`live-${id}`} className="text-sm font-semibold">
            Live view
          </h2>
          <Badge tone={badge.tone} role="status" aria-label={`Live view: ${badge.label}`}>
            {badge.label}
          </Badge>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <CursorSwitch sessionId={id} disabled={ended} />
          <Button variant="outline" size="sm" onClick={screenshot} disabled={ended || shooting}>
            <Camera /> {shooting ? 'Taking…' : 'Screenshot'}
          </Button>
          <Button
            variant={control ? 'default' : 'outline'}
            size="sm"
            aria-pressed={control}
            disabled={shown !== 'live'}
            onClick={() => setWantsControl(!control)}
          >
            <Hand /> {control ? 'Release control' : 'Take control'}
          </Button>
        </div>
      </div>

      {control ? (
        <p id={`control-note-${id}`} className="text-xs text-muted-foreground">
          You are in control: clicks, typing and scrolling on the view go to the browser.
          {mode === 'embedded' ? ' Keys reach it while the view has focus.' : ''}
        </p>
      ) : null}
      {input.error && control ? (
        <p role="alert" className="text-xs text-destructive">
          Input did not reach the browser: {input.error}
        </p>
      ) : null}

      <div className="relative overflow-hidden rounded-md border bg-black" style={{ aspectRatio: `${screen.width} / ${screen.height}` }}>
        {relayed ? (
          <LiveScreen sessionId={id} enabled={relayed} screen={screen} control={control} onInput={input.send} onState={onState} />
        ) : cloudUrl && !session.deleted_at && !session.headless ? (
          <iframe
            key={cloudUrl}
            src={cloudUrl}
            title="Live view of the browser"
            allow="autoplay; clipboard-read; clipboard-write"
            referrerPolicy="no-referrer"
            className="absolute inset-0 size-full border-0"
          />
        ) : null}
        {message || shown === 'connecting' ? (
          <div className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-white/85">
            <div className="grid justify-items-center gap-2">
              {shown === 'connecting' ? null : <MonitorOff aria-hidden className="size-6" />}
              <p>{message ?? 'Connecting to the browser…'}</p>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
