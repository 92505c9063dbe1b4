'use client';

import { Switch } from '@/components/ui/switch';
import { useSetCursor } from '@/lib/hooks/use-set-cursor';

/**
 * Shows or hides the browser's pointer. The API cannot report the current state, so the switch shows what this
 * dashboard last set and says so.
 */
export function CursorSwitch({ sessionId, disabled }: { sessionId: string; disabled?: boolean }) {
  const { hidden, setHidden, pending, error } = useSetCursor(sessionId);
  const id = `cursor-${sessionId}`;
  const shown = hidden !== true;
  const note =
    hidden === null
      ? 'Not set from this dashboard yet; browsers start with the cursor shown.'
      : `${hidden ? 'Hidden' : 'Shown'}, as last set from this dashboard (the API cannot report it).`;
  return (
    <div className="grid gap-0.5">
      <div className="flex items-center gap-2">
        <Switch
          id={id}
          checked={shown}
          disabled={disabled || pending}
          onCheckedChange={(checked) => setHidden(!checked)}
          aria-describedby={`${id}-note`}
        />
        <label htmlFor={id} className="text-sm font-medium">
          Show cursor
        </label>
      </div>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {note}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
