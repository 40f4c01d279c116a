// The sampling player: hindsight optimisation (Yan et al., NIPS 2004; Bjarnason, Fern &
// Tadepalli, ICAPS 2009). At each decision it deals the unseen cards at random into the hidden
// places, consistently with what it has seen, solves each such sample with the thoughtful
// solver under a small node budget, and votes for the first move of every winning line found.
// A sample the budget cannot win gives at most half a vote, in proportion to the cards it got
// home, to the first move of its line that got most home. Moves that lead to the same position
// (up to interchangeable piles) share their votes. With no vote it plays as the greedy player.
// Known bias: it is optimistic, since each sample is solved as if the player would see every
// card from then on; it overrates lines that depend on luck in what is drawn next.
import { cardName, parseCard } from '../cards.js';
import { shuffle } from '../deal.js';
import { applyMove, parseMove, undoMove } from '../engine/moves.js';
import { reusableSolver } from '../solve.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import { mix32 } from '../engine/zobrist.js';
import { greedyPlayer, greedyRank, type Player } from './greedy.js';
import { determinize, type View } from './view.js';

export interface SamplingSettings {
  /** Samples per decision. */
  samples: number;
  /** Positions the solver may enter per sample. */
  nodes: number;
  /** Seeds the sampling, so that a game replays the same. */
  seed: number;
  /** Table size of the solver, megabytes. */
  memoryMb: number;
}

export const DEFAULT_SAMPLING: SamplingSettings = { samples: 8, nodes: 3000, seed: 1, memoryMb: 64 };

/** A sampling player for one game; `dealSeed` keeps different deals' samples apart. */
export function samplingPlayer(settings: SamplingSettings, dealSeed = 0): Player {
  const solver = reusableSolver(settings.memoryMb);
  let decision = 0;
  let state: State | undefined; // one state for all samples: it holds 1 MB of undo record
  return (view: View, legal: readonly string[]): string | null => {
    decision++;
    if (legal.length <= 1) return legal[0] ?? null;
    const votes = new Float64Array(legal.length);
    const unseen = view.unseen.map(parseCard);
    const home = view.foundations.reduce((n, f) => n + f.length, 0);
    const total = home + unseen.length + [...view.tableau, ...view.reserves, view.waste].reduce((n, p) => n + p.length, 0);
    if (state?.rules.game.id !== view.game) state = new State(compileGame(getGame(view.game)));
    for (let k = 0; k < settings.samples; k++) {
      const order = [...unseen];
      shuffle(order, mix32((settings.seed * 0x9e3779b1) ^ mix32(dealSeed ^ mix32(decision * 0x85ebca6b + k))));
      state.load(determinize(view, order.map(cardName)));
      const found = solver.solve(state, { maxNodes: settings.nodes, timeLimitMs: 0 });
      if (found.result === 'won' && found.moves.length > 0) {
        const choice = sameOutcome(state, legal, found.moves[0]!);
        if (choice >= 0) votes[choice]! += 1;
      } else if (found.bestFirstMove >= 0) {
        // No win within the budget: half a vote at most, for the move that led furthest home.
        const choice = sameOutcome(state, legal, found.bestFirstMove);
        if (choice >= 0) votes[choice]! += (0.5 * (found.best - home)) / (total - home);
      }
    }
    let best = -1;
    for (let i = 0; i < legal.length; i++) {
      if (votes[i]! === 0) continue;
      if (best < 0 || votes[i]! > votes[best]! || (votes[i] === votes[best] && greedyRank(view, legal[i]!) > greedyRank(view, legal[best]!))) best = i;
    }
    return best >= 0 ? legal[best]! : greedyPlayer(view, legal);
  };
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
