import { z } from 'zod';

/**
 * The one thing the app and an agent's slide deck say to each other: "the voter turned a slide"
 * and "turn a slide". A deck runs in a sandboxed frame of an opaque origin with no way to the API;
 * the arena's asset server adds a tiny relay to the HTML it serves (core/server/slide-sync-bridge.ts)
 * so the two sides of a presentation pair turn together. Each message is exactly one of these
 * shapes; anything else, or from anyone else, is ignored on both ends.
 */
export const SLIDE_SYNC_TAG = 'lhbSlideSync';
export const SlideTurnSchema = z.enum(['next', 'previous']);
export type SlideTurn = z.infer<typeof SlideTurnSchema>;

/** Frame → app: the voter pressed a slide key inside this deck (the deck turned itself). */
export const SlideTurnedMessageSchema = z.object({ [SLIDE_SYNC_TAG]: z.literal(1), turned: SlideTurnSchema }).strict();
/** App → frame: turn your deck one slide. */
export const TurnSlideMessageSchema = z.object({ [SLIDE_SYNC_TAG]: z.literal(1), turn: SlideTurnSchema }).strict();
export type TurnSlideMessage = z.infer<typeof TurnSlideMessageSchema>;

/** The keys a deck turns by that the relay passes on (what presentation remotes send too). */
export const SLIDE_KEYS: Readonly<Record<SlideTurn, readonly string[]>> = { next: ['ArrowRight', 'PageDown'], previous: ['ArrowLeft', 'PageUp'] };
