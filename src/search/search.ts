// Depth-first search for a winning line with all cards known (the "thoughtful" game). It is a
// reachability search: every position entered goes into the transposition table and is never
// entered again (a position that was entered and left did not lead to a win), so with no limit
// hit the answer is exact. An explicit stack keeps deep lines off the JS call stack, and one
// preallocated move buffer holds every depth's moves: the loop allocates nothing.
import { applyMove, MAX_MOVES, undoMove } from '../engine/moves.js';
import { orderMoves } from './order.js';
import { searchMoves } from './safe.js';
import { MAX_LINE, type State } from '../engine/state.js';
import { FOUND, FULL, Table } from './table.js';
import { isShuffle, KIND_F } from '../engine/rules.js';
import { BestFirst, BF_DEPTH, BF_EXHAUSTED, BF_FULL, BF_WON, UNBOUNDED, type BestFirstPass } from './bestfirst.js';

export type Outcome = 'won' | 'lost' | 'unknown';
export type Limit = 'nodes' | 'time' | 'depth';

export interface Limits {
  /** Positions entered at most; 0 for no limit. */
  maxNodes: number;
  /** Milliseconds at most; 0 for no limit. */
  timeLimitMs: number;
}

export interface SearchResult {
  result: Outcome;
  /** The winning line (engine move codes) when won. */
  moves: number[];
  nodes: number;
  ms: number;
  /** The limit that made the result unknown. */
  limit?: Limit;
  /** Whether the table filled up (the search went on, re-entering positions it had seen). */
  tableFull: boolean;
  /** Most cards on the foundations in any position entered. */
  best: number;
  /** The first move of the line to the first position with `best` cards home (-1: none beat the start). */
  bestFirstMove: number;
}

/** Shuffle moves allowed in a row in the cheap passes that come before the exact one. */
const SHUFFLE_BOUNDS = [1, 2, 3, 5, 8];
/** What share of the remaining limits a cheap pass may use. */
const CHEAP_SHARE = 0.2;
/**
 * Where the first foundation card fixes the base rank, a cheap pass is first made for each base
 * rank in turn (the choice is made once and decides the whole game), each with this share.
 */
const BASE_SHARE = 0.03;
/**
 * The best-first passes of games that begin with them, taken in turn in rounds, each pass
 * entering at most its weight times the round's budget. Different weights and bounds win
 * different deals: of 12 Mamy Susan deals left unknown at 10 s, at 1.5M nodes each, at most 1
 * shuffle in a row won seeds 69 and 74, 2 with waste blockers at 70 seeds 28 and 87, unbounded
 * with waste blockers at 120 seeds 112 and 114. Mamy Susan seeds 0..49 at 2M nodes: the first
 * three alone, one after the other, won 42; all seven in equal parts 39; in rounds from 20k
 * nodes each 37, in these weighted rounds 41. The 26 deals of seeds 0..199 the first three left
 * unknown at 10 s, at 8M nodes: rounds from 20k won 8, these weighted rounds 7.
 */
const BEST_FIRST_PASSES: (BestFirstPass & { weight: number })[] = [
  { wasteBlocker: 40, shuffles: 2, weight: 4 },
  { wasteBlocker: 40, shuffles: UNBOUNDED, weight: 4 },
  { wasteBlocker: 70, shuffles: UNBOUNDED, weight: 2 },
  { wasteBlocker: 40, shuffles: 1, weight: 1 },
  { wasteBlocker: 70, shuffles: 2, weight: 1 },
  { wasteBlocker: 120, shuffles: UNBOUNDED, weight: 1 },
  { wasteBlocker: 40, shuffles: 3, weight: 1 },
];
/** Positions a best-first pass may enter in the first round, times its weight. */
const FIRST_ROUND_NODES = 100_000;
/** The share of the limits the best-first rounds may use, before the depth-first passes. */
const BEST_FIRST_SHARE = 0.8;
/** Positions the cheap passes may enter in all (at their shares) when the search has no limits. */
const UNLIMITED_CHEAP_NODES = 25_000_000;

interface Pass {
  shuffles: number;
  share: number;
  /** The only rank the first foundation card may have in this pass (0: any). */
  base: number;
}

/** The passes of a search: cheap ones that can find wins, then the exact one. */
function passPlan(state: State): Pass[] {
  const plan: Pass[] = [];
  if (state.rules.usesBaseRank && state.base === 0) {
    for (const base of baseRanksToTry(state)) plan.push({ shuffles: 2, share: BASE_SHARE, base });
  }
  for (const shuffles of SHUFFLE_BOUNDS) plan.push({ shuffles, share: CHEAP_SHARE, base: 0 });
  plan.push({ shuffles: MAX_DEPTH, share: 1, base: 0 });
  return plan;
}

/**
 * Every rank, those of the reserve cards nearest the top first: reserve cards play only home,
 * so a base rank that lets the reserve unwind early is the likeliest to win.
 */
function baseRanksToTry(state: State): number[] {
  const r = state.rules;
  const ranks: number[] = [];
  const add = (card: number): void => {
    const rank = (card >> 2) + 1;
    if (!ranks.includes(rank)) ranks.push(rank);
  };
  for (let p = r.firstReserve; p < r.firstReserve + r.nReserves; p++) {
    for (let d = state.len[p]! - 1; d >= 0; d--) add(state.cards[p * state.stride + d]!);
  }
  for (let rank = 1; rank <= 13; rank++) if (!ranks.includes(rank)) ranks.push(rank);
  return ranks;
}

const PASS_WON = 0;
const PASS_EXHAUSTED = 1;
const PASS_NODES = 2;
const PASS_TIME = 3;
const PASS_DEPTH = 4;

/** Deepest line the search follows before it gives up with `unknown` (limit 'depth'). */
const MAX_DEPTH = MAX_LINE - 1;
const MOVE_BUFFER = 1 << 24;

export class Solver {
  readonly table: Table;
  private readonly moves = new Int32Array(MOVE_BUFFER);
  private readonly scores = new Int32Array(MAX_MOVES);
  /** Per depth: where its moves start in `moves`, how many there are, which is tried next. */
  private readonly firstMove = new Int32Array(MAX_DEPTH + 1);
  private readonly moveCount = new Int32Array(MAX_DEPTH + 1);
  private readonly nextMove = new Int32Array(MAX_DEPTH + 1);
  private readonly pathLo = new Uint32Array(MAX_DEPTH + 1);
  private readonly pathHi = new Uint32Array(MAX_DEPTH + 1);
  /** Shuffle moves in a row ending at each depth. */
  private readonly shufflesInRow = new Int32Array(MAX_DEPTH + 1);
  private nodes = 0;
  private best = 0;
  private bestFirstMove = -1;
  private rootDepth = 0;
  private tableFull = false;
  private cut = false;
  /** The base rank the current pass allows for the first foundation card (0: any). */
  private baseChoice = 0;

  private bestFirst: BestFirst | undefined;

  constructor(private readonly megabytes: number) {
    this.table = new Table(megabytes);
  }

  /**
   * Searches from `state` (left as it was found) for a line that wins. Cheap passes come first:
   * each allows only a few "shuffles" (moves that neither put a card home from the tableau,
   * reserve or waste, nor take a card from the reserve or waste, nor draw) between two moves
   * that make progress, so a win that needs little rearranging is found before the search sinks
   * into the vast space of rearrangements. Those passes can find wins but prove nothing; the
   * last pass is unbounded and exact. Games marked for it (Mamy Susan, Double Aces and Kings)
   * begin with best-first passes (bestfirst.ts); an unbounded one of those that expands every
   * position proves the loss at once.
   */
  solve(state: State, limits: Limits): SearchResult {
    const t0 = performance.now();
    const rootDepth = state.depth;
    const maxNodes = limits.maxNodes > 0 ? limits.maxNodes : Infinity;
    const deadline = limits.timeLimitMs > 0 ? t0 + limits.timeLimitMs : Infinity;
    this.nodes = 0;
    this.best = state.foundationCards();
    this.bestFirstMove = -1;
    this.rootDepth = rootDepth;
    this.tableFull = false;
    // A pass gets a share of what is left of the limits (the exact pass all of it).
    const nodeCap = (share: number): number =>
      maxNodes === Infinity ? (share === 1 ? Infinity : this.nodes + share * UNLIMITED_CHEAP_NODES) : this.nodes + (maxNodes - this.nodes) * share;
    const timeCap = (share: number): number => (deadline === Infinity ? Infinity : performance.now() + (deadline - performance.now()) * share);
    const atLimit = (): number => (this.nodes >= maxNodes ? PASS_NODES : performance.now() >= deadline ? PASS_TIME : PASS_EXHAUSTED);
    let outcome: number = state.isWon() ? PASS_WON : PASS_EXHAUSTED;
    let proved = false;
    if (outcome === PASS_EXHAUSTED && state.rules.bestFirst) {
      const found = this.bestFirstRounds(state, nodeCap(BEST_FIRST_SHARE), timeCap(BEST_FIRST_SHARE));
      if (found === BF_WON) outcome = PASS_WON;
      else {
        while (state.depth > rootDepth) undoMove(state);
        proved = found === BF_EXHAUSTED;
        if (!proved) outcome = atLimit();
      }
    }
    const plan = proved ? [] : passPlan(state);
    for (let i = 0; outcome === PASS_EXHAUSTED && i < plan.length; i++) {
      const { shuffles, share, base } = plan[i]!;
      const exact = i === plan.length - 1;
      this.baseChoice = base;
      outcome = this.pass(state, shuffles, nodeCap(share), timeCap(share));
      if (outcome !== PASS_WON) while (state.depth > rootDepth) undoMove(state);
      if (!exact && outcome !== PASS_WON) outcome = atLimit();
    }
    const result: Outcome = outcome === PASS_WON ? 'won' : outcome === PASS_EXHAUSTED ? 'lost' : 'unknown';
    const moves = result === 'won' ? Array.from(state.line.subarray(rootDepth, state.depth)) : [];
    while (state.depth > rootDepth) undoMove(state);
    const limit: Limit | undefined = outcome === PASS_NODES ? 'nodes' : outcome === PASS_TIME ? 'time' : outcome === PASS_DEPTH ? 'depth' : undefined;
    return { result, moves, nodes: this.nodes, ms: performance.now() - t0, tableFull: this.tableFull, best: this.best, bestFirstMove: this.bestFirstMove, ...(limit ? { limit } : {}) };
  }

  /**
   * Rounds of the best-first passes in turn, each round doubling the positions a pass may enter
   * (a pass starts afresh each round), until one wins, an unbounded one expands every position
   * (BF_EXHAUSTED: lost), or the caps or the tree's size are reached (BF_FULL: stopped, nothing
   * proved). Restarts cut the heavy tail: a deal one pass wins at once can take another pass
   * millions of positions.
   */
  private bestFirstRounds(state: State, nodeCap: number, timeCap: number): number {
    const done = new Array<boolean>(BEST_FIRST_PASSES.length).fill(false);
    for (let budget = FIRST_ROUND_NODES; ; budget *= 2) {
      let searched = false;
      for (let i = 0; i < BEST_FIRST_PASSES.length; i++) {
        if (done[i]) continue;
        const how = BEST_FIRST_PASSES[i]!;
        const found = this.bestFirstPass(state, how, Math.min(this.nodes + budget * how.weight, nodeCap), timeCap);
        if (found === BF_WON) return found;
        while (state.depth > this.rootDepth) undoMove(state);
        // Only an unbounded pass that expanded everything proves a loss; a bounded one that did
        // would only do the same again.
        if (found === BF_EXHAUSTED && how.shuffles === UNBOUNDED) return found;
        if (found === BF_EXHAUSTED || found === BF_DEPTH) done[i] = true;
        if (found === BF_FULL || this.nodes >= nodeCap || performance.now() >= timeCap) return BF_FULL;
        searched = true;
      }
      if (!searched) return BF_FULL;
    }
  }

  /** The best-first pass; its tree is allocated the first time a game needs it. */
  private bestFirstPass(state: State, how: BestFirstPass, nodeCap: number, timeCap: number): number {
    this.bestFirst ??= new BestFirst(this.megabytes / 4);
    const bf = this.bestFirst;
    bf.nodes = this.nodes;
    bf.best = this.best;
    bf.bestFirstMove = -1;
    const found = bf.search(state, this.table, how, nodeCap, timeCap);
    this.nodes = bf.nodes;
    if (bf.bestFirstMove >= 0) {
      this.best = bf.best;
      this.bestFirstMove = bf.bestFirstMove;
    }
    if (found === BF_FULL) this.tableFull ||= this.table.count >= this.table.limit;
    return found;
  }

  /**
   * One depth-first pass allowing at most `shuffles` shuffle moves in a row. Leaves the winning
   * line applied to `state` when it wins; otherwise leaves `state` as it found it (or, at a
   * limit, somewhere on the line, which `solve` unwinds).
   */
  private pass(state: State, shuffles: number, nodeCap: number, timeCap: number): number {
    const table = this.table;
    table.clear();
    table.insert(state.keyLo, state.keyHi);
    this.cut = false;
    const r = state.rules;
    const moves = this.moves;
    const firstMove = this.firstMove;
    const moveCount = this.moveCount;
    const nextMove = this.nextMove;
    const shufflesInRow = this.shufflesInRow;
    const total = state.rules.totalCards;
    let nodes = this.nodes;
    let d = 0;
    this.pathLo[0] = state.keyLo;
    this.pathHi[0] = state.keyHi;
    firstMove[0] = 0;
    moveCount[0] = this.expand(state, 0);
    nextMove[0] = 0;
    shufflesInRow[0] = 0;
    for (;;) {
      if (nextMove[d] === moveCount[d]) {
        if (d === 0) break;
        undoMove(state);
        d--;
        continue;
      }
      const m = moves[firstMove[d]! + nextMove[d]!++]!;
      const shuffleRun = isShuffle(r, m) ? shufflesInRow[d]! + 1 : 0;
      if (shuffleRun > shuffles) continue;
      if (nodes >= nodeCap) return this.stop(nodes, PASS_NODES);
      applyMove(state, m);
      nodes++;
      if ((nodes & 1023) === 0 && performance.now() >= timeCap) return this.stop(nodes, PASS_TIME);
      const home = state.foundationCards();
      if (home === total) return this.stop(nodes, PASS_WON);
      if (home > this.best) {
        this.best = home;
        this.bestFirstMove = state.line[this.rootDepth]!;
      }
      const seen = table.insert(state.keyLo, state.keyHi);
      if (seen === FOUND || (seen === FULL && this.onPath(state, d))) {
        undoMove(state);
        continue;
      }
      if (seen === FULL) this.tableFull = true;
      if (state.depth >= MAX_DEPTH || firstMove[d]! + moveCount[d]! + MAX_MOVES > MOVE_BUFFER) {
        // Too deep to go on: this line is cut, so the pass can no longer prove a loss.
        this.cut = true;
        undoMove(state);
        continue;
      }
      d++;
      this.pathLo[d] = state.keyLo;
      this.pathHi[d] = state.keyHi;
      shufflesInRow[d] = shuffleRun;
      firstMove[d] = firstMove[d - 1]! + moveCount[d - 1]!;
      moveCount[d] = this.expand(state, firstMove[d]!);
      nextMove[d] = 0;
    }
    return this.stop(nodes, this.cut ? PASS_DEPTH : PASS_EXHAUSTED);
  }

  private stop(nodes: number, outcome: number): number {
    this.nodes = nodes;
    return outcome;
  }

  /** Generates and orders the moves of the position into the buffer at `at`; returns how many. */
  private expand(state: State, at: number): number {
    let n = searchMoves(state, this.moves, at);
    if (this.baseChoice !== 0 && state.base === 0) n = this.keepBase(state, at, n);
    orderMoves(state, this.moves, at, n, this.scores);
    return n;
  }

  /** Drops the moves home of cards whose rank is not the pass's base rank; returns how many remain. */
  private keepBase(state: State, at: number, n: number): number {
    const r = state.rules;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const m = this.moves[at + i]!;
      const src = m & 255;
      if (src !== r.stock && r.kindOf[(m >>> 8) & 255] === KIND_F && (state.top(src) >> 2) + 1 !== this.baseChoice) continue;
      this.moves[at + kept++] = m;
    }
    return kept;
  }

  /** Whether the position repeats one on the current line (needed only once the table is full). */
  private onPath(state: State, d: number): boolean {
    for (let i = 0; i <= d; i++) if (this.pathLo[i] === state.keyLo && this.pathHi[i] === state.keyHi) return true;
    return false;
  }
}
