// The rollout player (Bertsekas, Tsitsiklis & Wu 1997; Yan et al., NIPS 2004): at each decision
// it deals the unseen cards at random into the hidden places, consistently with what it has seen,
// and scores each candidate move by playing the base policy (the greedy player's order of
// preference, policy.ts) to the end on each such sample: 1 for a won game, else half the share
// of the cards it got home. The same samples score every candidate (common random numbers), so
// the comparison is between moves, not between luck. The base policy sees only what a person
// sees, so unlike hindsight optimisation (sampling.ts) no score assumes the stock known: a move
// is scored by what a real player would then do, and the player is, in expectation, never worse
// than its base policy.
import { parseCard } from '../notation/cards.js';
import { applyMove, parseMove, undoMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import type { DecisionReport, Player } from './types.js';
import { baseRank, rolloutHome } from './policy.js';
import { loadSample, type View } from './view.js';

export interface RolloutSettings {
  /** Sampled deals of the hidden cards per decision. */
  samples: number;
  /** Candidate moves scored at most, the greedy player's favourites first. */
  width: number;
  /** Seeds the sampling, so that a game replays the same. */
  seed: number;
}

export const DEFAULT_ROLLOUT: RolloutSettings = { samples: 8, width: 6, seed: 1 };

/** Score of a lost rollout per card home, against 1 for a won one. */
const HOME_WEIGHT = 0.5;

/** A rollout player for one game; `dealSeed` keeps different deals' samples apart. */
export function rolloutPlayer(settings: RolloutSettings, dealSeed = 0, report?: DecisionReport): Player {
  let decision = 0;
  let state: State | undefined;
  return (view: View, legal: readonly string[]): string | null => {
    decision++;
    if (legal.length <= 1) return legal[0] ?? null;
    if (state?.rules.game.id !== view.game) state = new State(compileGame(getGame(view.game)));
    const s = state;
    const unseen = view.unseen.map(parseCard);
    const sample = (k: number): void => loadSample(s, view, unseen, settings.seed, dealSeed, decision, k);
    sample(0);
    // Where the first card home fixes the base rank for the whole game, every choice of it is
    // scored, on twice the samples.
    const opening = s.rules.usesBaseRank && s.base === 0;
    const candidates = pickCandidates(s, legal, opening ? legal.length : settings.width);
    const samples = opening ? 2 * settings.samples : settings.samples;
    if (candidates.length === 1) return legal[candidates[0]!]!;
    const steps = 4 * s.rules.totalCards + 64;
    const total = s.rules.totalCards;
    const score = new Float64Array(candidates.length);
    const wins = new Int32Array(candidates.length);
    for (let k = 0; k < samples; k++) {
      if (k > 0) sample(k);
      for (let c = 0; c < candidates.length; c++) {
        applyMove(s, parseMove(s.rules, legal[candidates[c]!]!));
        const home = rolloutHome(s, steps);
        undoMove(s);
        score[c]! += home === total ? 1 : (HOME_WEIGHT * home) / total;
        if (home === total) wins[c]!++;
      }
    }
    // Ties go to the greedy player's favourite, the first candidate.
    let best = 0;
    for (let c = 1; c < candidates.length; c++) if (score[c]! > score[best]!) best = c;
    const move = legal[candidates[best]!]!;
    report?.(move, samples, wins[best]!);
    return move;
  };
}

/**
 * The legal moves worth scoring: one of each group that leads to the same position (up to
 * interchangeable piles), the greedy player's favourites first (ties to the first), at most
 * `width`.
 */
function pickCandidates(s: State, legal: readonly string[], width: number): number[] {
  const ranked = legal.map((text, i) => ({ i, code: parseMove(s.rules, text), rank: 0 }));
  for (const c of ranked) c.rank = baseRank(s, c.code);
  ranked.sort((a, b) => b.rank - a.rank || a.i - b.i);
  const keys = new Set<string>();
  const out: number[] = [];
  for (const c of ranked) {
    applyMove(s, c.code);
    const key = `${s.keyLo}:${s.keyHi}`;
    undoMove(s);
    if (keys.has(key)) continue;
    keys.add(key);
    out.push(c.i);
    if (out.length >= width) break;
  }
  return out;
}
