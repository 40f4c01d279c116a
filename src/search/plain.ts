// The plain exhaustive search: the yardstick for the solver's prunings, and `solve --plain`, which
// re-decides a position with all of them off. Every legal move (no choice among identical piles,
// no safe move home, no symmetry, no move order but home first), each position told apart from
// every other by its exact piles (no hash; a set of keys as large as --memory allows), depth
// first to the end.
// A loss it reports is every position reachable from the start, entered and found without a
// win. Only the move generator is shared with the solver; the referee replays any win.
import { getHeapStatistics } from 'node:v8';
import { applyMove, generateMoves, MAX_MOVES, moveDst, moveSrc, undoMove } from '../engine/moves.js';
import type { State } from '../engine/state.js';
import { MAX_DEPTH } from './driver/context.js';
import type { Limits, SearchResult } from './driver/solver.js';

/** The most positions a JavaScript Set holds (2^24 less a margin). */
export const PLAIN_MAX_POSITIONS = 16_000_000;

/** Bytes a position takes in the set of exact keys, measured on one deck with room for two decks' longer keys. */
const BYTES_A_POSITION = 200;

/** Share of this thread's JS heap the set may fill: a set past the heap's limit ends the process, not the search. */
const HEAP_SHARE = 0.6;

/** The positions `memoryMb` holds in the plain search's set (at most PLAIN_MAX_POSITIONS, and what the heap allows). */
export const plainPositions = (memoryMb: number): number =>
  Math.min(
    PLAIN_MAX_POSITIONS,
    Math.floor(Math.min(memoryMb * 2 ** 20, HEAP_SHARE * getHeapStatistics().heap_size_limit) / BYTES_A_POSITION),
  );

/** The exact position as a string: every pile's cards and face-down count, the base rank, and the redeals made where they are limited. */
function exactKey(s: State): string {
  let key = String.fromCharCode(65 + s.base) + (Number.isFinite(s.rules.redeals) ? String(s.redeals) : '');
  for (let p = 0; p < s.rules.nPiles; p++) {
    key += `|${s.down[p]}:`;
    for (let d = 0; d < s.len[p]!; d++) key += String.fromCharCode(48 + s.cards[p * s.stride + d]!);
  }
  return key;
}

/**
 * Searches every line from `s` (left as it was found). Moves home come first and take-backs
 * last only so that easy wins are found early; the order cannot change a finished answer.
 * `forbid(m)` leaves a move out (the tests use it to find the positions that need a kind of move).
 */
export function plainSearch(s: State, limits: Limits, maxPositions: number, forbid?: (m: number) => boolean): SearchResult {
  const t0 = performance.now();
  const maxNodes = limits.maxNodes || Number.POSITIVE_INFINITY;
  const deadline = limits.timeLimitMs ? t0 + limits.timeLimitMs : Number.POSITIVE_INFINITY;
  const kind = s.rules.kindOf;
  const total = s.rules.totalCards;
  const seen = new Set<string>([exactKey(s)]);
  let moves = new Int32Array(MAX_MOVES * 64);
  // Per depth: where its moves start in `moves`, how many, and the next to try.
  const first: number[] = [];
  const count: number[] = [];
  const next: number[] = [];
  let best = s.foundationCards();
  // Ends the search with the state holding one move per depth (the move tried last at each).
  const done = (result: SearchResult['result'], limit?: SearchResult['limit']): SearchResult => {
    const line = first.map((f, d) => moves[f + next[d]! - 1]!);
    for (let d = 0; d < line.length; d++) undoMove(s);
    return {
      result,
      moves: result === 'won' ? line : [],
      nodes: seen.size,
      ms: performance.now() - t0,
      ...(limit ? { limit } : {}),
      tableFull: false,
      best,
      bestFirstMove: -1,
    };
  };
  const rank = (m: number): number => (kind[moveSrc(m)] === 0 ? 2 : kind[moveDst(m)] === 0 ? 0 : 1);
  const expand = (at: number): number => {
    let n = generateMoves(s, moves, false, at);
    if (forbid) {
      let kept = at;
      for (let i = at; i < at + n; i++) if (!forbid(moves[i]!)) moves[kept++] = moves[i]!;
      n = kept - at;
    }
    moves.subarray(at, at + n).sort((a, b) => rank(a) - rank(b));
    return n;
  };
  if (s.isWon()) return done('won');
  first.push(0);
  count.push(expand(0));
  next.push(0);
  while (first.length > 0) {
    const d = first.length - 1;
    if (next[d] === count[d]) {
      first.pop();
      count.pop();
      next.pop();
      if (first.length > 0) undoMove(s);
      continue;
    }
    applyMove(s, moves[first[d]! + next[d]!++]!);
    const home = s.foundationCards();
    if (home > best) best = home;
    if (home === total) return done('won');
    const key = exactKey(s);
    if (seen.has(key)) {
      undoMove(s);
      continue;
    }
    seen.add(key);
    if (seen.size >= maxNodes) return done('unknown', 'nodes');
    if (seen.size >= maxPositions) return done('unknown', 'table');
    if ((seen.size & 1023) === 0 && performance.now() > deadline) return done('unknown', 'time');
    // The state keeps a line of at most MAX_DEPTH moves.
    if (first.length >= MAX_DEPTH) return done('unknown', 'depth');
    const at = first[d]! + count[d]!;
    if (at + s.rules.maxMoves > moves.length) {
      const more = new Int32Array(Math.max(moves.length * 2, at + s.rules.maxMoves));
      more.set(moves);
      moves = more;
    }
    first.push(at);
    count.push(expand(at));
    next.push(0);
  }
  return done('lost');
}
