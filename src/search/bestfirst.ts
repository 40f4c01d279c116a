// Best-first search: always expand the most promising position seen so far (heuristic.ts), so
// an early mistake is left behind as soon as its line looks worse than another. Positions are
// not stored: a node is its parent and the move from it, and the state walks the tree from the
// node it is at to the next one popped (usually a child, one move away).
import { evaluate, homeOrder } from './heuristic.js';
import { applyMove, MAX_MOVES, undoMove } from '../engine/moves.js';
import { searchMoves } from './safe.js';
import { MAX_LINE, type State } from '../engine/state.js';
import { FOUND, FULL, type Table } from './table.js';
import { isShuffle } from '../engine/rules.js';

export const BF_WON = 0;
/** Every position reachable was expanded: the position is lost. */
export const BF_EXHAUSTED = 1;
export const BF_NODES = 2;
export const BF_TIME = 3;
/** The node store or the table is full. */
export const BF_FULL = 4;
/** Every position was expanded but some line was too long to follow: nothing is proved. */
export const BF_DEPTH = 5;

/** The shuffle bound of a pass that allows any number in a row. */
export const UNBOUNDED = 255;

export interface BestFirstPass {
  /** Shuffle moves allowed in a row (UNBOUNDED: any number). */
  shuffles: number;
  /** The heuristic's weight for a blocker in the waste. */
  wasteBlocker: number;
}

/** Bytes a node takes: parent, move, depth, shuffles, and its heap entry. */
const BYTES_PER_NODE = 21;

export class BestFirst {
  private readonly capacity: number;
  private readonly parent: Int32Array;
  private readonly move: Int32Array;
  private readonly depth: Int32Array;
  /** Shuffle moves in a row ending at the node (see search.ts). */
  private readonly shuffles: Uint8Array;
  /** A max-heap of score * 2^24 + node id: the best score first, then the newest node. */
  private readonly heap: Float64Array;
  private heapSize = 0;
  private count = 0;
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly path = new Int32Array(MAX_LINE);
  nodes = 0;
  best = 0;
  private cut = false;
  bestFirstMove = -1;

  constructor(megabytes: number) {
    this.capacity = Math.max(1024, Math.min(1 << 24, Math.floor((megabytes * 1024 * 1024) / BYTES_PER_NODE)));
    this.parent = new Int32Array(this.capacity);
    this.move = new Int32Array(this.capacity);
    this.depth = new Int32Array(this.capacity);
    this.shuffles = new Uint8Array(this.capacity);
    this.heap = new Float64Array(this.capacity);
  }

  /**
   * Searches from `state`; on a win leaves the winning line applied, otherwise leaves `state`
   * somewhere in the tree for the caller to unwind to its root depth.
   */
  search(state: State, table: Table, how: BestFirstPass, nodeCap: number, timeCap: number): number {
    const order = homeOrder(state.rules);
    const r = state.rules;
    const total = r.totalCards;
    const rootDepth = state.depth;
    table.clear();
    table.insert(state.keyLo, state.keyHi);
    this.heapSize = 0;
    this.count = 0;
    this.cut = false;
    this.add(-1, 0, rootDepth, 0, 0);
    let at = 0;
    let nodes = this.nodes;
    const moves = this.moves;
    while (this.heapSize > 0) {
      const id = this.pop();
      this.walk(state, at, id);
      at = id;
      const n = searchMoves(state, moves, 0);
      if (state.depth + 1 >= MAX_LINE) {
        this.cut = true;
        continue;
      }
      for (let i = 0; i < n; i++) {
        if (nodes >= nodeCap) return this.stop(nodes, BF_NODES);
        const m = moves[i]!;
        const run = isShuffle(r, m) ? this.shuffles[id]! + 1 : 0;
        if (run > how.shuffles) continue;
        applyMove(state, m);
        nodes++;
        if ((nodes & 1023) === 0 && performance.now() >= timeCap) {
          undoMove(state);
          return this.stop(nodes, BF_TIME);
        }
        const home = state.foundationCards();
        if (home === total) return this.stop(nodes, BF_WON);
        if (home > this.best) {
          this.best = home;
          this.bestFirstMove = state.line[rootDepth]!;
        }
        const seen = table.insert(state.keyLo, state.keyHi);
        if (seen === FOUND) {
          undoMove(state);
          continue;
        }
        if (seen === FULL || this.count >= this.capacity) {
          undoMove(state);
          return this.stop(nodes, BF_FULL);
        }
        this.add(id, m, state.depth, evaluate(state, order, how.wasteBlocker), run);
        undoMove(state);
      }
    }
    return this.stop(nodes, this.cut ? BF_DEPTH : BF_EXHAUSTED);
  }

  private stop(nodes: number, outcome: number): number {
    this.nodes = nodes;
    return outcome;
  }

  /** Moves `state` from tree node `from` to tree node `to` by undoing to their common ancestor. */
  private walk(state: State, from: number, to: number): void {
    const depth = this.depth;
    const parent = this.parent;
    let steps = 0;
    let a = from;
    let b = to;
    while (depth[b]! > depth[a]!) {
      this.path[steps++] = this.move[b]!;
      b = parent[b]!;
    }
    while (depth[a]! > depth[b]!) {
      undoMove(state);
      a = parent[a]!;
    }
    while (a !== b) {
      undoMove(state);
      a = parent[a]!;
      this.path[steps++] = this.move[b]!;
      b = parent[b]!;
    }
    while (steps > 0) applyMove(state, this.path[--steps]!);
  }

  private add(parent: number, move: number, depth: number, score: number, run: number): void {
    const id = this.count++;
    this.parent[id] = parent;
    this.move[id] = move;
    this.depth[id] = depth;
    this.shuffles[id] = run;
    // Sift up.
    const key = score * 16777216 + id;
    const heap = this.heap;
    let i = this.heapSize++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (heap[up]! >= key) break;
      heap[i] = heap[up]!;
      i = up;
    }
    heap[i] = key;
  }

  private pop(): number {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap[--this.heapSize]!;
    const n = this.heapSize;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && heap[c + 1]! > heap[c]!) c++;
      if (heap[c]! <= last) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = last;
    return ((top % 16777216) + 16777216) % 16777216;
  }
}
