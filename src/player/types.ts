// What every player is: a choice among the legal moves, made from the view alone (view.ts).
import type { View } from './view.js';

/** Chooses one of `legal` from what a person sees, or null to give up. */
export type Player = (view: View, legal: readonly string[]) => string | null;

/**
 * Told by a sampling player of each decision it sampled for: the move chosen, the samples, and
 * in how many of them the game was won after that move (`hint`'s estimate of the chance to win).
 */
export type DecisionReport = (move: string | null, samples: number, wonAfter: number) => void;
