// What every pass of one search shares: the transposition table, the prunings, the node count,
// the caps of the running pass, the limits of the whole search, the most cards home so far, and
// the per-node step that enters a position. Passes (depthfirst.ts, bestfirst.ts) are loops over it.
import { applyMove } from '../../engine/moves.js';
import { MAX_LINE, type State } from '../../engine/state.js';
import { type PruningSet, pruningsFor } from '../prunings/prunings.js';
import { EXHAUSTED, NODES, TIME, WON } from './status.js';
import { FOUND, NO_ROOM, Table } from './table.js';

/** Deepest a state's line can go (positions deeper are not entered; the pass ends DEPTH). */
export const MAX_DEPTH = MAX_LINE - 1;

/** What `enter` found besides a stop (WON, NODES, TIME): a new position, a known one, a refused key. */
export const NEW = 6;
export const SEEN = 7;
export const REFUSED = 8;

export interface Limits {
  /** Positions entered at most; 0 for no limit. */
  maxNodes: number;
  /** Milliseconds at most; 0 for no limit. */
  timeLimitMs: number;
}

export class SearchContext {
  readonly table: Table;
  /** The prunings of the running search (searchMoves). */
  prunings!: PruningSet;
  /** Positions entered by the search so far (every pass counts into it). */
  nodes = 0;
  /** The running pass stops on entering a position once `nodes` reaches this... */
  nodeCap = Infinity;
  /** ...or once `performance.now()` passes this (checked every 1024 positions). */
  timeCap = Infinity;
  /** The limits of the whole search. */
  maxNodes = Infinity;
  deadline = Infinity;
  /** Most cards home in any position entered, and the first move of the line that got there. */
  best = 0;
  bestFirstMove = -1;
  /** The depth of the state when the search began; positions at `deepest` are entered, not expanded. */
  rootDepth = 0;
  deepest = MAX_DEPTH;
  /** Whether the table refused a key in this search, and in the running pass. */
  tableFull = false;
  refusedInPass = false;
  private total = 0;

  constructor(
    megabytes: number,
    /** Longest line a pass follows from the search's root (tests cut lines with a short one). */
    readonly maxDepth = MAX_DEPTH,
    /** Shared with other threads: once its first element is not 0, the search stops as at its time limit. */
    private readonly stop?: Int32Array,
  ) {
    this.table = new Table(megabytes);
  }

  /** Starts a search from `state` under `limits`, with these prunings (by default the game's). */
  start(state: State, limits: Limits, prunings: PruningSet = pruningsFor(state.rules)): void {
    const now = performance.now();
    this.prunings = prunings;
    this.maxNodes = limits.maxNodes > 0 ? limits.maxNodes : Infinity;
    this.deadline = limits.timeLimitMs > 0 ? now + limits.timeLimitMs : Infinity;
    this.nodes = 0;
    this.best = state.foundationCards();
    this.bestFirstMove = -1;
    this.rootDepth = state.depth;
    this.deepest = Math.min(state.depth + this.maxDepth, MAX_DEPTH);
    this.total = state.rules.totalCards;
    this.tableFull = false;
  }

  /**
   * Node cap for a pass given `share` of what is left of the node limit. With a time limit and no
   * node limit, none: the time shares the search out, and a pass cut by a node cap that time would
   * have let finish loses its table (each pass begins with an empty one), so an exact pass cut so
   * must begin again. With no limits at all, `share` of `unlimited`, so later stages still run.
   */
  nodeCapFor(share: number, unlimited: number): number {
    if (this.maxNodes !== Infinity) return this.nodes + (this.maxNodes - this.nodes) * share;
    if (share === 1 || this.deadline !== Infinity) return Infinity;
    return this.nodes + share * unlimited;
  }

  /** Time cap for a pass given `share` of what is left of the time limit. */
  timeCapFor(share: number): number {
    if (this.deadline === Infinity) return Infinity;
    const now = performance.now();
    return now + (this.deadline - now) * share;
  }

  /** NODES or TIME if the whole search's limit is reached, else EXHAUSTED (the search may go on). */
  atLimit(): typeof NODES | typeof TIME | typeof EXHAUSTED {
    return this.nodes >= this.maxNodes ? NODES : this.outOfTime(this.deadline) ? TIME : EXHAUSTED;
  }

  /** Whether the time `cap` is past, or another thread asked this search to stop. */
  outOfTime(cap: number): boolean {
    return performance.now() >= cap || (this.stop !== undefined && Atomics.load(this.stop, 0) !== 0);
  }

  /** Starts a pass from `state` (at the root) with these caps: an empty table holding the root. */
  beginPass(state: State, nodeCap: number, timeCap: number): void {
    this.nodeCap = nodeCap;
    this.timeCap = timeCap;
    this.refusedInPass = false;
    this.table.clear();
    this.table.insert(state.keyLo, state.keyHi);
  }

  /**
   * The per-node step of every pass: applies `m` and counts the position, unless the node cap is
   * reached (NODES, nothing applied); then TIME past the time cap, WON if every card is home;
   * else it notes the most cards home and puts the position in the table: NEW, SEEN (it was
   * there) or REFUSED (the table is full; the position may have been entered before). The move
   * stays applied for the pass to go on from or undo.
   */
  enter(state: State, m: number): number {
    if (this.nodes >= this.nodeCap) return NODES;
    applyMove(state, m);
    const nodes = ++this.nodes;
    if ((nodes & 1023) === 0 && this.outOfTime(this.timeCap)) return TIME;
    const home = state.foundationCards();
    if (home === this.total) return WON;
    if (home > this.best) {
      this.best = home;
      this.bestFirstMove = state.line[this.rootDepth]!;
    }
    const seen = this.table.insert(state.keyLo, state.keyHi);
    if (seen === FOUND) return SEEN;
    if (seen === NO_ROOM) {
      this.tableFull = true;
      this.refusedInPass = true;
      return REFUSED;
    }
    if (state.splitKeyedApart) this.enterReachedSplits(state);
    return NEW;
  }

  /**
   * Puts in the table the keys of the same position with the splits its draws reach (the larger
   * ones of its own, and with the stock drawn out the open ones): their moves are among this
   * one's (stockAsSetConditions in dominance.ts), so they need not be entered.
   */
  private enterReachedSplits(state: State): void {
    const r = state.rules;
    const total = state.len[r.waste]! + state.len[r.stock]!;
    for (let w = state.len[r.waste]! + r.drawCount; w < total; w += r.drawCount)
      this.table.insert(state.keyAtSplitLo(w), state.keyAtSplitHi(w));
    this.table.insert(state.keyAtSplitLo(0), state.keyAtSplitHi(0));
  }
}
