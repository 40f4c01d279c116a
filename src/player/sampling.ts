// The sampling player: hindsight optimisation (Yan et al., NIPS 2004; Bjarnason, Fern &
// Tadepalli, ICAPS 2009). At each decision it deals the unseen cards at random into the hidden
// places, consistently with what it has seen, solves each such sample with the thoughtful
// solver under a small node budget, and votes for the first move of every winning line found.
// A sample the budget cannot win gives at most half a vote, in proportion to the cards it got
// home, to the first move of its line that got most home. Moves that lead to the same position
// (up to interchangeable piles) share their votes. With no vote it plays as the greedy player.
// It stops sampling once no vote left could change the decision.
// Known bias: it is optimistic, since each sample is solved as if the player would see every
// card from then on; it overrates lines that depend on luck in what is drawn next.
import { parseCard } from '../notation/cards.js';
import { applyMove, isLegal, parseMove, undoMove } from '../engine/moves.js';
import { reusableSolver } from '../solve/solve.js';
import { passPlan, PLAYER_PLAN } from '../search/driver/plan.js';
import { pruningsFor } from '../search/prunings/prunings.js';
import type { SearchResult, Solver } from '../search/driver/solver.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import { greedyPlayer, greedyRank } from './greedy.js';
import type { DecisionReport, Player } from './types.js';
import { determinize, hiddenCards, loadSample, viewOf, type View } from './view.js';

export interface SamplingSettings {
  /** Samples per decision. */
  samples: number;
  /** Positions the solver may enter per sample. */
  nodes: number;
  /** Seeds the sampling, so that a game replays the same. */
  seed: number;
  /** Table size of the solver, megabytes. */
  memoryMb: number;
  /**
   * Keep a won sample while it still fits what the player sees: when the move played is the
   * first of its winning line, and nothing revealed since (a drawn card, a reserve card turned
   * up) contradicts it, its line is still a win there, and it votes for its next move unsolved.
   */
  keep?: boolean;
}

export const DEFAULT_SAMPLING: SamplingSettings = { samples: 8, nodes: 3000, seed: 1, memoryMb: 64 };

/** A sample kept from one decision to the next: its position and what is left of its winning line. */
interface Kept {
  state: State;
  line: number[];
  /** The legal move its line's next move stands for at this decision. */
  choice: number;
}

/** States for `count` samples of a game. */
export function sampleStates(game: string, count: number): State[] {
  return Array.from({ length: count }, () => new State(compileGame(getGame(game))));
}

/**
 * Searches a sample for a win within `maxNodes` positions. With the plan the player was measured
 * with (README "The players"): the solver's restarts were tuned for searches of millions of
 * positions, not these few thousand, and a new plan here would be a new player, whose rows in
 * results/ would have to be remade. With the game's prunings without host swaps: a swap is a move of
 * the line a sample proposes; lines that begin with swaps to and fro split the proposals, and the
 * player won fewer deals with them (docs/players.md).
 */
export function solveSample(solver: Solver, state: State, maxNodes: number): SearchResult {
  return solver.solve(state, { maxNodes, timeLimitMs: 0 }, passPlan(state, PLAYER_PLAN), { ...pruningsFor(state.rules), hostSwaps: false });
}

/** A sampling player for one game; `dealSeed` keeps different deals' samples apart. */
export function samplingPlayer(settings: SamplingSettings, dealSeed = 0, report?: DecisionReport): Player {
  const solver = reusableSolver(settings.memoryMb);
  let decision = 0;
  // One state per sample kept (each holds 1 MB of undo record), or one for all samples.
  const states: State[] = [];
  const kept: (Kept | null)[] = new Array<Kept | null>(settings.samples).fill(null);
  return (view: View, legal: readonly string[]): string | null => {
    decision++;
    if (states[0]?.rules.game.id !== view.game)
      states.splice(0, states.length, ...sampleStates(view.game, settings.keep ? settings.samples : 1));
    const votes = new Float64Array(legal.length);
    const wins = new Int32Array(legal.length);
    const unseen = view.unseen.map(parseCard);
    const home = view.foundations.reduce((n, f) => n + f.length, 0);
    const total = home + unseen.length + [...view.tableau, ...view.reserves, view.waste].reduce((n, p) => n + p.length, 0);
    const seen = JSON.stringify(visible(view));
    // Kept samples still in line with the view vote first, for free.
    let voted = 0;
    for (let k = 0; k < settings.samples; k++) {
      const old = kept[k];
      if (!old) continue;
      old.choice = old.line.length > 0 && fitsView(old, view, seen) ? sameOutcome(old.state, legal, old.line[0]!) : -1;
      if (old.choice < 0) kept[k] = null;
      else {
        votes[old.choice]! += 1;
        wins[old.choice]!++;
        voted++;
      }
    }
    // A forced move needs no samples (a kept one still follows it).
    for (let k = 0; legal.length > 1 && k < settings.samples && !decided(votes, settings.samples - voted); k++) {
      if (kept[k]) continue;
      const state = states[settings.keep ? k : 0]!;
      loadSample(state, view, unseen, settings.seed, dealSeed, decision, k);
      const found = solveSample(solver, state, settings.nodes);
      voted++;
      if (found.result === 'won' && found.moves.length > 0) {
        const choice = sameOutcome(state, legal, found.moves[0]!);
        if (choice >= 0) {
          votes[choice]! += 1;
          wins[choice]!++;
          if (settings.keep) kept[k] = { state, line: found.moves, choice };
        }
      } else if (found.bestFirstMove >= 0) {
        // No win within the budget: half a vote at most, for the move that led furthest home.
        const choice = sameOutcome(state, legal, found.bestFirstMove);
        if (choice >= 0) votes[choice]! += (0.5 * (found.best - home)) / (total - home);
      }
    }
    let best = legal.length === 1 ? 0 : -1;
    for (let i = 0; i < legal.length; i++) {
      if (votes[i]! === 0) continue;
      if (
        best < 0 ||
        votes[i]! > votes[best]! ||
        (votes[i] === votes[best] && greedyRank(view, legal[i]!) > greedyRank(view, legal[best]!))
      )
        best = i;
    }
    // A kept sample follows the move played if its line made it; the others are dropped.
    for (let k = 0; k < settings.samples; k++) {
      const old = kept[k];
      if (!old) continue;
      if (old.choice === best) applyMove(old.state, old.line.shift()!);
      else kept[k] = null;
    }
    const move = best >= 0 ? legal[best]! : greedyPlayer(view, legal);
    if (voted > 0) report?.(move, voted, best >= 0 ? wins[best]! : 0);
    return move;
  };
}

/**
 * Whether a kept sample fits the view, made to fit if it can: where a card was revealed that
 * the sample had elsewhere (a draw, a reserve card turned up), the sample's hidden cards are
 * repaired (each card the view shows is replaced by the one it hides instead, in the same
 * place) and kept only if what is left of its line still wins from there.
 */
export function fitsView(kept: Pick<Kept, 'state' | 'line'>, view: View, seen: string): boolean {
  const pos = kept.state.toPosition();
  if (JSON.stringify(visible(viewOf(pos))) === seen) return true;
  const hidden = hiddenCards(pos);
  if (hidden.length !== view.unseen.length) return false;
  // The view's unseen cards the sample does not hide, in order, take the places of the cards it
  // hides that the view shows.
  const left = new Map<string, number>();
  for (const c of view.unseen) left.set(c, (left.get(c) ?? 0) + 1);
  const fits = hidden.map((c) => {
    const n = left.get(c) ?? 0;
    if (n === 0) return false;
    left.set(c, n - 1);
    return true;
  });
  const missing = [...left].flatMap(([c, n]) => Array<string>(n).fill(c));
  const order = hidden.map((c, i) => (fits[i] ? c : missing.shift()!));
  kept.state.load(determinize(view, order));
  if (JSON.stringify(visible(viewOf(kept.state.toPosition()))) !== seen) return false;
  for (const m of kept.line) {
    if (!isLegal(kept.state, m)) return false;
    applyMove(kept.state, m);
  }
  const wins = kept.state.isWon();
  while (kept.state.depth > 0) undoMove(kept.state);
  return wins;
}

/** What the view shows, without the list of unseen cards (which follows from it). */
export function visible(view: View): Omit<View, 'unseen'> {
  const { unseen: _unseen, ...rest } = view;
  return rest;
}

/**
 * Whether the leading move keeps the lead whatever the samples left vote (a sample gives one
 * vote at most): then they are not solved, and the decision is the same as with all of them.
 */
function decided(votes: Float64Array, left: number): boolean {
  let first = 0;
  let second = 0;
  for (const v of votes) {
    if (v > first) [first, second] = [v, first];
    else if (v > second) second = v;
  }
  return first - second > left;
}

/** Index of the legal move that leads where the engine move `m` leads in this sample, or -1. */
function sameOutcome(state: State, legal: readonly string[], m: number): number {
  applyMove(state, m);
  const lo = state.keyLo;
  const hi = state.keyHi;
  undoMove(state);
  for (let i = 0; i < legal.length; i++) {
    applyMove(state, parseMove(state.rules, legal[i]!));
    const same = state.keyLo === lo && state.keyHi === hi;
    undoMove(state);
    if (same) return i;
  }
  return -1;
}
