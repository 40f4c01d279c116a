// Depth-first search for a winning line with all cards known (the "thoughtful" game). It is a
// reachability search: every position entered goes into the transposition table and is never
// entered again (a position that was entered and left did not lead to a win), so with no limit
// hit the answer is exact. An explicit stack keeps deep lines off the JS call stack, and one
// preallocated move buffer holds every depth's moves: the loop allocates nothing.
import { applyMove, generateMoves, MAX_MOVES, undoMove } from './moves.js';
import { orderMoves, safeHomeMove } from './order.js';
import { MAX_LINE, type State } from './state.js';
import { FOUND, FULL, Table } from './table.js';
import { KIND_F, KIND_R, KIND_T, KIND_W } from './rules.js';

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
}

/** Shuffle moves allowed in a row in the cheap passes that come before the exact one. */
const SHUFFLE_BOUNDS = (process.env.PS_BOUNDS ?? '1,3,8').split(',').filter(Boolean).map(Number);
/** What share of the remaining limits a cheap pass may use. */
const BOUNDED_SHARE = Number(process.env.PS_SHARE ?? 0.15);
/** Positions a cheap pass may enter when the search has no limits. */
const UNLIMITED_PASS_NODES = 5_000_000;

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
  private readonly start = new Int32Array(MAX_DEPTH + 1);
  private readonly count = new Int32Array(MAX_DEPTH + 1);
  private readonly next = new Int32Array(MAX_DEPTH + 1);
  private readonly pathLo = new Uint32Array(MAX_DEPTH + 1);
  private readonly pathHi = new Uint32Array(MAX_DEPTH + 1);
  /** Shuffle moves in a row ending at each depth. */
  private readonly run = new Int32Array(MAX_DEPTH + 1);
  private nodes = 0;
  private best = 0;
  private tableFull = false;
  private cut = false;

  constructor(megabytes: number) {
    this.table = new Table(megabytes);
  }

  /**
   * Searches from `state` (left as it was found) for a line that wins. Cheap passes come first:
   * each allows only a few "shuffles" (moves that neither put a card home from the tableau,
   * reserve or waste, nor take a card from the reserve or waste, nor draw) between two moves
   * that make progress, so a win that needs little rearranging is found before the search sinks
   * into the vast space of rearrangements. Those passes can find wins but prove nothing; the
   * last pass is unbounded and exact.
   */
  solve(state: State, limits: Limits): SearchResult {
    const t0 = performance.now();
    const rootDepth = state.depth;
    const maxNodes = limits.maxNodes > 0 ? limits.maxNodes : Infinity;
    const deadline = limits.timeLimitMs > 0 ? t0 + limits.timeLimitMs : Infinity;
    this.nodes = 0;
    this.best = state.foundationCards();
    this.tableFull = false;
    let outcome: number = PASS_EXHAUSTED;
    if (state.isWon()) outcome = PASS_WON;
    for (let i = 0; outcome === PASS_EXHAUSTED && i <= SHUFFLE_BOUNDS.length; i++) {
      const bounded = i < SHUFFLE_BOUNDS.length;
      // A bounded pass gets a share of what is left of the limits, the exact pass all of it.
      const share = bounded ? BOUNDED_SHARE : 1;
      const nodeCap = maxNodes === Infinity ? (bounded ? UNLIMITED_PASS_NODES : Infinity) : this.nodes + (maxNodes - this.nodes) * share;
      const timeCap = deadline === Infinity ? Infinity : performance.now() + (deadline - performance.now()) * share;
      outcome = this.pass(state, bounded ? SHUFFLE_BOUNDS[i]! : MAX_DEPTH, nodeCap, timeCap);
      if (outcome !== PASS_WON) while (state.depth > rootDepth) undoMove(state);
      if (bounded && outcome !== PASS_WON) outcome = this.nodes >= maxNodes ? PASS_NODES : performance.now() >= deadline ? PASS_TIME : PASS_EXHAUSTED;
    }
    const result: Outcome = outcome === PASS_WON ? 'won' : outcome === PASS_EXHAUSTED ? 'lost' : 'unknown';
    const moves = result === 'won' ? Array.from(state.line.subarray(rootDepth, state.depth)) : [];
    while (state.depth > rootDepth) undoMove(state);
    const limit: Limit | undefined = outcome === PASS_NODES ? 'nodes' : outcome === PASS_TIME ? 'time' : outcome === PASS_DEPTH ? 'depth' : undefined;
    return { result, moves, nodes: this.nodes, ms: performance.now() - t0, tableFull: this.tableFull, best: this.best, ...(limit ? { limit } : {}) };
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
    const start = this.start;
    const count = this.count;
    const next = this.next;
    const run = this.run;
    const total = state.rules.totalCards;
    let nodes = this.nodes;
    let d = 0;
    this.pathLo[0] = state.keyLo;
    this.pathHi[0] = state.keyHi;
    start[0] = 0;
    count[0] = this.expand(state, 0);
    next[0] = 0;
    run[0] = 0;
    for (;;) {
      if (next[d] === count[d]) {
        if (d === 0) break;
        undoMove(state);
        d--;
        continue;
      }
      const m = moves[start[d]! + next[d]!++]!;
      const src = m & 255;
      const srcKind = r.kindOf[src]!;
      const progress = srcKind === KIND_R || srcKind === KIND_W || src === r.stock || (srcKind === KIND_T && r.kindOf[(m >>> 8) & 255] === KIND_F);
      const shuffleRun = progress ? 0 : run[d]! + 1;
      if (shuffleRun > shuffles) continue;
      applyMove(state, m);
      nodes++;
      if ((nodes & 1023) === 0) {
        if (nodes >= nodeCap) return this.stop(nodes, PASS_NODES);
        if (performance.now() >= timeCap) return this.stop(nodes, PASS_TIME);
      }
      const home = state.foundationCards();
      if (home === total) return this.stop(nodes, PASS_WON);
      if (home > this.best) this.best = home;
      const seen = table.insert(state.keyLo, state.keyHi);
      if (seen === FOUND || (seen === FULL && this.onPath(state, d))) {
        undoMove(state);
        continue;
      }
      if (seen === FULL) this.tableFull = true;
      if (d + 1 >= MAX_DEPTH || start[d]! + count[d]! + MAX_MOVES > MOVE_BUFFER) {
        // Too deep to go on: this line is cut, so the pass can no longer prove a loss.
        this.cut = true;
        undoMove(state);
        continue;
      }
      d++;
      this.pathLo[d] = state.keyLo;
      this.pathHi[d] = state.keyHi;
      run[d] = shuffleRun;
      start[d] = start[d - 1]! + count[d - 1]!;
      count[d] = this.expand(state, start[d]!);
      next[d] = 0;
    }
    return this.stop(nodes, this.cut ? PASS_DEPTH : PASS_EXHAUSTED);
  }

  private stop(nodes: number, outcome: number): number {
    this.nodes = nodes;
    return outcome;
  }

  /** Generates and orders the moves of the position into the buffer at `at`; returns how many. */
  private expand(state: State, at: number): number {
    const n = generateMoves(state, this.moves, true, at);
    if (state.rules.game.safeHome === 'lower-ranks-home') {
      const m = safeHomeMove(state, this.moves, at, n);
      if (m >= 0) {
        this.moves[at] = m;
        return 1;
      }
    }
    orderMoves(state, this.moves, at, n, this.scores);
    return n;
  }

  /** Whether the position repeats one on the current line (needed only once the table is full). */
  private onPath(state: State, d: number): boolean {
    for (let i = 0; i <= d; i++) if (this.pathLo[i] === state.keyLo && this.pathHi[i] === state.keyHi) return true;
    return false;
  }
}
