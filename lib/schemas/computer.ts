import { z } from 'zod';
import { resourceIdSchema } from './common';

/** Limits of the computer endpoints (kernel-api §1.4); the engine also checks coordinates against the screen. */
export const COMPUTER_LIMITS = {
  coordinateMax: 16_384,
  holdKeysMax: 10,
  keyNameMax: 64,
  keysMax: 50,
  textMax: 10_000,
  delayMaxMs: 1_000,
  durationMaxMs: 10_000,
  numClicksMax: 10,
  scrollDeltaMax: 100,
} as const;

const requiredBoolean = z.boolean({
  error: (iss) => (iss.input === undefined ? 'is required (true or false)' : 'must be true or false'),
});

function int(min: number, max: number) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be an integer') })
    .int('must be an integer')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

const coordinate = int(0, COMPUTER_LIMITS.coordinateMax);

const keyName = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(COMPUTER_LIMITS.keyNameMax, `must be at most ${COMPUTER_LIMITS.keyNameMax} characters`);

const holdKeys = z
  .array(keyName, { error: 'must be an array of key names' })
  .max(COMPUTER_LIMITS.holdKeysMax, `must have at most ${COMPUTER_LIMITS.holdKeysMax} keys`)
  .optional();

export const MOUSE_BUTTONS = ['left', 'right', 'middle', 'back', 'forward'] as const;
export type MouseButton = (typeof MOUSE_BUTTONS)[number];

/** POST /browsers/{id}/computer/cursor */
export const cursorSchema = z.object({ hidden: requiredBoolean }).strict();
export type CursorInput = z.infer<typeof cursorSchema>;

export const screenshotRegionSchema = z
  .object({
    x: coordinate,
    y: coordinate,
    width: int(1, COMPUTER_LIMITS.coordinateMax),
    height: int(1, COMPUTER_LIMITS.coordinateMax),
  })
  .strict();
export type ScreenshotRegion = z.infer<typeof screenshotRegionSchema>;

/** POST /browsers/{id}/computer/screenshot */
export const screenshotSchema = z.object({ region: screenshotRegionSchema.optional() }).strict();

/** POST /browsers/{id}/computer/move_mouse */
export const moveMouseSchema = z
  .object({
    x: coordinate,
    y: coordinate,
    hold_keys: holdKeys,
    smooth: z.boolean({ error: 'must be true or false' }).optional(),
    duration_ms: int(0, COMPUTER_LIMITS.durationMaxMs).optional(),
  })
  .strict();
export type MoveMouseInput = z.infer<typeof moveMouseSchema>;

/** POST /browsers/{id}/computer/click_mouse */
export const clickMouseSchema = z
  .object({
    x: coordinate,
    y: coordinate,
    button: z.enum(MOUSE_BUTTONS, { error: `must be one of ${MOUSE_BUTTONS.join(', ')}` }).optional(),
    click_type: z.enum(['down', 'up', 'click'], { error: 'must be one of down, up, click' }).optional(),
    hold_keys: holdKeys,
    num_clicks: int(1, COMPUTER_LIMITS.numClicksMax).optional(),
  })
  .strict();
export type ClickMouseInput = z.infer<typeof clickMouseSchema>;

/** POST /browsers/{id}/computer/type */
export const typeTextSchema = z
  .object({
    text: z
      .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
      .max(COMPUTER_LIMITS.textMax, `must be at most ${COMPUTER_LIMITS.textMax} characters`),
    delay: int(0, COMPUTER_LIMITS.delayMaxMs).optional(),
  })
  .strict();
export type TypeTextInput = z.infer<typeof typeTextSchema>;

/** POST /browsers/{id}/computer/press_key; keys are xdotool keysyms or combinations such as "Ctrl+t". */
export const pressKeySchema = z
  .object({
    keys: z
      .array(keyName, { error: (iss) => (iss.input === undefined ? 'is required' : 'must be an array of key names') })
      .min(1, 'must have at least one key')
      .max(COMPUTER_LIMITS.keysMax, `must have at most ${COMPUTER_LIMITS.keysMax} keys`),
    duration: int(0, COMPUTER_LIMITS.durationMaxMs).optional(),
    hold_keys: holdKeys,
  })
  .strict();
export type PressKeyInput = z.infer<typeof pressKeySchema>;

const scrollDelta = int(-COMPUTER_LIMITS.scrollDeltaMax, COMPUTER_LIMITS.scrollDeltaMax).optional();

/** POST /browsers/{id}/computer/scroll; deltas are wheel notches (positive: down / right). */
export const scrollSchema = z
  .object({ x: coordinate, y: coordinate, delta_x: scrollDelta, delta_y: scrollDelta, hold_keys: holdKeys })
  .strict()
  .refine((s) => (s.delta_x ?? 0) !== 0 || (s.delta_y ?? 0) !== 0, {
    path: ['delta_y'],
    message: 'delta_x or delta_y must be a non-zero number of wheel notches',
  });
export type ScrollInput = z.infer<typeof scrollSchema>;

export interface MousePosition {
  x: number;
  y: number;
}

/**
 * One event of the live-view stream (SSE, `data: {json}` per event). Frames are JPEG images of the active page
 * with the pointer drawn in unless it is hidden; `end` is the last event of a stream.
 */
export type LiveViewEvent =
  | { type: 'frame'; seq: number; width: number; height: number; data_b64: string; captured_at: number }
  | { type: 'end'; reason: 'deleted' | 'browser_closed' | 'engine_closing' };

/** A key as a browser reports it (KeyboardEvent.key and modifier flags), for live views that forward keyboards. */
export const domKeySchema = z
  .object({
    key: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(32, 'must be at most 32 characters'),
    ctrl: z.boolean({ error: 'must be true or false' }).optional(),
    alt: z.boolean({ error: 'must be true or false' }).optional(),
    shift: z.boolean({ error: 'must be true or false' }).optional(),
    meta: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict();

export const LIVE_INPUT_ACTIONS = ['move_mouse', 'click_mouse', 'scroll', 'key'] as const;

/** One input from the engine's live-view page: an action and its parameters (validated by that action's schema). */
export const liveInputSchema = z
  .object({
    action: z.enum(LIVE_INPUT_ACTIONS, { error: `must be one of ${LIVE_INPUT_ACTIONS.join(', ')}` }),
    params: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
  })
  .strict();

/** The dashboard's cursor switch (server action input). */
export const cursorActionSchema = z
  .object({ id: resourceIdSchema, hidden: requiredBoolean })
  .strict();

/**
 * One input from the dashboard's live view under "Take control", relayed to the matching computer endpoint.
 * Each action's parameters are checked by that endpoint's own schema.
 */
export const remoteInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('move_mouse'), params: moveMouseSchema }).strict(),
    z.object({ action: z.literal('click_mouse'), params: clickMouseSchema }).strict(),
    z.object({ action: z.literal('scroll'), params: scrollSchema }).strict(),
    z.object({ action: z.literal('type'), params: typeTextSchema }).strict(),
    z.object({ action: z.literal('press_key'), params: pressKeySchema }).strict(),
  ],
  { error: 'must be one of move_mouse, click_mouse, scroll, type, press_key' },
);
export type RemoteInput = z.infer<typeof remoteInputSchema>;
