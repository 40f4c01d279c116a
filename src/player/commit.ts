// The committing player: hindsight optimisation over commitments rather than single moves (the
// idea of lonelybot's sampling search). A commitment is a line of moves up to and including the
// first one that shows a hidden card; every move before it is made on visible cards alone, so
// the same line is legal in every sample. Each sample, solved under a small node budget,
// proposes the commitment its line starts with; the proposals are then scored on every sample
// (won after the commitment: 1; else half, in proportion to the cards got home), and the best
// is played through to its reveal before the player decides again. A sample won after the
// commitment played is kept with its winning line while what turns up fits it (repaired as the
// sampling player repairs one), and proposes its next commitment unsolved: a player that keeps
// no plan from one decision to the next loses (docs/players.md).
// Known bias: as the sampling player's, each sample is solved as if every card were known.
import { parseCard } from '../notation/cards.js';
import { applyMove, formatMove, isLegal, parseMove, undoMove } from '../engine/moves.js';
import type { State } from '../engine/state.js';
import { reusableSolver } from '../solve/solve.js';
import { greedyPlayer } from './greedy.js';
import type { DecisionReport, Player } from './types.js';
import { fitsView, sampleStates, solveSample, visible } from './sampling.js';
import { loadSample, viewOf, type View } from './view.js';

export interface CommitSettings {
  samples: number;
  /** Positions the solver may enter per sample for a proposal. */
  nodes: number;
  /** Positions per sample and proposal when scoring. */
  scoreNodes: number;
  /** Proposals scored at most (the most proposed). */
  candidates: number;
  seed: number;
  memoryMb: number;
}

interface Proposal {
  moves: string[];
  /** Per sample, its winning line from after the commitment, where one was found. */
  lines: number[][];
  /** Samples whose own won line starts with it. */
  wonBy: Set<number>;
  /** Samples whose line, won or the one that got most cards home, starts with it. */
  proposedBy: number;
  /** Summed over the samples: 1 where won after it, else half in proportion to the cards got home. */
  score: number;
}

/** A committing player for one deal; `dealSeed` keeps different deals' samples apart. */
export function commitPlayer(settings: CommitSettings, dealSeed = 0, report?: DecisionReport): Player {
  const solver = reusableSolver(settings.memoryMb);
  // One state per sample (each holds its undo record), and the kept samples' lines.
  const states: State[] = [];
  const kept: (number[] | null)[] = new Array<number[] | null>(settings.samples).fill(null);
  let plan: string[] = [];
  let decision = 0;
  return (view: View, legal: readonly string[]): string | null => {
    decision++;
    // Until its reveal a commitment's moves show nothing new: no reason to decide again.
    if (plan.length > 0 && legal.includes(plan[0]!)) return plan.shift()!;
    plan = [];
    if (legal.length === 1) return legal[0]!;
    if (states[0]?.rules.game.id !== view.game) states.splice(0, states.length, ...sampleStates(view.game, settings.samples));
    const unseen = view.unseen.map(parseCard);
    const home = view.foundations.reduce((n, f) => n + f.length, 0);
    const total = states[0]!.rules.totalCards;
    const progress = (best: number): number => (0.5 * Math.max(0, best - home)) / Math.max(1, total - home);
    const proposals = new Map<string, Proposal>();
    const seen = JSON.stringify(visible(view));
    for (let k = 0; k < settings.samples; k++) {
      const state = states[k]!;
      let line = kept[k] ?? null;
      let won = line !== null && line.length > 0 && fitsView({ state, line }, view, seen);
      if (!won) {
        loadSample(state, view, unseen, settings.seed, dealSeed, decision, k);
        const found = solveSample(solver, state, settings.nodes);
        won = found.result === 'won';
        line = won ? found.moves : found.bestFirstMove >= 0 ? [found.bestFirstMove] : [];
      }
      kept[k] = null;
      if (line === null || line.length === 0) continue;
      const moves = upToReveal(state, line, view.unseen.length);
      // A move the game does not offer (it would go back to a position met) proposes nothing.
      if (!legal.includes(moves[0]!)) continue;
      const key = moves.join(' ');
      const p = proposals.get(key) ?? { moves, lines: [], wonBy: new Set<number>(), proposedBy: 0, score: 0 };
      p.proposedBy++;
      if (won) {
        p.wonBy.add(k);
        p.lines[k] = line.slice(moves.length);
      }
      proposals.set(key, p);
    }
    if (proposals.size === 0) {
      // Sampled, but no sample proposes a move the game offers: a decision none was won after.
      const move = greedyPlayer(view, legal);
      report?.(move, settings.samples, 0);
      return move;
    }
    // With one proposal there is nothing to score; else the most proposed, on every sample.
    const ranked = [...proposals.values()].sort((a, b) => b.wonBy.size - a.wonBy.size || b.proposedBy - a.proposedBy);
    const candidates = ranked.slice(0, settings.candidates);
    if (candidates.length > 1) {
      for (const c of candidates) {
        for (let k = 0; k < settings.samples; k++) {
          if (c.wonBy.has(k)) {
            c.score += 1;
            continue;
          }
          c.score += scoreOn(states[k]!, c, k, progress);
        }
      }
      candidates.sort((a, b) => b.score - a.score || b.wonBy.size - a.wonBy.size);
    }
    const chosen = candidates[0]!;
    plan = chosen.moves.slice(1);
    // The samples won after the commitment follow it, to propose their next one unsolved.
    let wonAfter = 0;
    for (let k = 0; k < settings.samples; k++) {
      const line = chosen.lines[k];
      if (!line) continue;
      for (const text of chosen.moves) applyMove(states[k]!, parseMove(states[k]!.rules, text));
      kept[k] = line;
      wonAfter++;
    }
    report?.(chosen.moves[0]!, settings.samples, wonAfter);
    return chosen.moves[0]!;
  };

  /** A commitment's worth in one sample: 1 if the sample is won after it, else partial credit. */
  function scoreOn(state: State, c: Proposal, k: number, progress: (best: number) => number): number {
    const moves = c.moves;
    let applied = 0;
    let worth = 0;
    for (const text of moves) {
      const m = parseMove(state.rules, text);
      if (!isLegal(state, m)) break;
      applyMove(state, m);
      applied++;
    }
    if (applied === moves.length) {
      const found = solveSample(solver, state, settings.scoreNodes);
      worth = found.result === 'won' ? 1 : found.result === 'lost' ? 0 : progress(found.best);
      if (found.result === 'won') c.lines[k] = found.moves;
    }
    for (; applied > 0; applied--) undoMove(state);
    return worth;
  }
}

/** The moves of `line` (as text) up to and including the first that shows a hidden card. */
export function upToReveal(state: State, line: readonly number[], hidden: number): string[] {
  const moves: string[] = [];
  for (const m of line) {
    moves.push(formatMove(state.rules, m));
    applyMove(state, m);
    if (viewOf(state.toPosition()).unseen.length < hidden) break;
  }
  for (let i = 0; i < moves.length; i++) undoMove(state);
  return moves;
}
