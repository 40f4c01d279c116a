// The best-first pass: always expand the most promising position seen so far (heuristic.ts), so
// an early mistake is left behind as soon as its line looks worse than another. Positions are
// not stored: a node is its parent and the move from it, and the state walks the tree from the
// node it is at to the next one popped (usually a child, one move away). It stops when its table
// or its node store is full, so a pass that allows every move and expands every position proves
// the loss (status.ts, provesLoss).
import { UsageError } from '../../errors.js';
import { applyMove, undoMove } from '../../engine/moves.js';
import { MAX_LINE, type State } from '../../engine/state.js';
import { mix32 } from '../../engine/zobrist.js';
import { NEW, REFUSED, SEEN, type SearchContext } from '../driver/context.js';
import { evaluate, homeOrder } from './heuristic.js';
import { isShuffle, type BestFirstPass } from './passes.js';
import { searchMoves } from '../prunings/safe.js';
import { MAX_SEARCH_MOVES } from '../prunings/stockplays.js';
import { DEPTH, EXHAUSTED, FULL, type OnRefusedKey, type Status } from '../driver/status.js';

/** Bytes a node takes: parent, move, depth, shuffles, and its heap entry. */
const BYTES_PER_NODE = 21;

export class BestFirst {
  /** Where the table refuses a key, the pass stops (FULL). */
  static readonly onRefusedKey: OnRefusedKey = 'stop';
  private readonly capacity: number;
  private readonly parent: Int32Array;
  private readonly move: Int32Array;
  private readonly depth: Int32Array;
  /** Shuffle moves in a row ending at the node (up to 255: bounded passes allow at most 3). */
  private readonly shuffles: Uint8Array;
  /** A max-heap of score * 2^24 + node id: the best score first, then the newest node. */
  private readonly heap: Float64Array;
  private heapSize = 0;
  private count = 0;
  private readonly moves = new Int32Array(MAX_SEARCH_MOVES);
  private readonly path = new Int32Array(MAX_LINE);

  constructor(megabytes: number) {
    this.capacity = Math.max(1024, Math.min(1 << 24, Math.floor((megabytes * 1024 * 1024) / BYTES_PER_NODE)));
    try {
      this.parent = new Int32Array(this.capacity);
      this.move = new Int32Array(this.capacity);
      this.depth = new Int32Array(this.capacity);
      this.shuffles = new Uint8Array(this.capacity);
      this.heap = new Float64Array(this.capacity);
    } catch {
      const mb = Math.ceil((this.capacity * BYTES_PER_NODE) / 2 ** 20);
      throw new UsageError(`cannot allocate a best-first tree of ${mb} MB: give a smaller --memory`);
    }
  }

  /**
   * One pass from `state` (at the search's root, the table holding it: ctx.beginPass). On a win
   * leaves the winning line applied, otherwise leaves `state` somewhere in the tree.
   */
  run(state: State, ctx: SearchContext, pass: BestFirstPass): Status {
    const r = state.rules;
    const order = homeOrder(r);
    const deepest = ctx.deepest;
    const moves = this.moves;
    const prunings = ctx.prunings;
    // The pass's noise (passes.ts, RoundsStage): the same for a position every time it is scored.
    const noise = pass.noise ?? 0;
    const salt = Math.imul(pass.ties ?? 0, 0x9e3779b9);
    this.heapSize = 0;
    this.count = 0;
    let cut = false;
    this.add(-1, 0, state.depth, 0, 0);
    let at = 0;
    while (this.heapSize > 0) {
      const id = this.pop();
      this.walk(state, at, id);
      at = id;
      const n = searchMoves(state, prunings, moves, 0);
      if (state.depth >= deepest) {
        cut = true;
        continue;
      }
      for (let i = 0; i < n; i++) {
        const m = moves[i]!;
        const run = isShuffle(r, m) ? this.shuffles[id]! + 1 : 0;
        if (run > pass.shuffles) continue;
        const step = ctx.enter(state, m);
        if (step === SEEN) {
          undoMove(state);
          continue;
        }
        if (step !== NEW) return step === REFUSED ? FULL : (step as Status);
        if (this.count >= this.capacity) return FULL;
        const score = evaluate(state, order, pass) + (noise > 0 ? mix32((state.keyLo ^ salt) >>> 0) % noise : 0);
        this.add(id, m, state.depth, score, run);
        undoMove(state);
      }
    }
    return cut ? DEPTH : EXHAUSTED;
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
    this.shuffles[id] = Math.min(run, 255);
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
