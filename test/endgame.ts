// End-game positions made from real deals, and a plain exhaustive search to judge them by: the
// yardstick for every pruning, symmetry and shortcut of the solver (test/prove.test.ts). Not a
// test file itself (vitest only runs *.test.ts).
import { cardName, parseCard, rankOf, colourOf } from '../src/cards.js';
import { dealGame, readPosition, type Position } from '../src/deal.js';
import { follows } from '../src/games/build.js';
import type { Game } from '../src/games/index.js';
import { applyMove, generateMoves, MAX_MOVES, undoMove } from '../src/engine/moves.js';
import { State } from '../src/engine/state.js';
import { stateOf } from './helpers.js';

/**
 * Deal `seed`, then put all but about `off` cards home: the foundations are built (random
 * heights, random copies, in Double Signora a random base rank and eight piles of each starting
 * colour, so that every height can be reached) and the cards they take are lifted out of the
 * deal's piles, the other cards keeping their places and order. Double Signora's empty tableau
 * piles are then filled as the rules fill them (DS-7).
 */
export function endgame(game: Game, seed: number, off: number, random: () => number): Position {
  const pos = dealGame(game, seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const heights: number[] = [];
  const minOf: number[] = [];
  const groupOf: number[] = [];
  game.foundations.forEach((g, gi) => {
    for (let i = 0; i < g.count; i++) {
      heights.push(game.foundationMax);
      minOf.push(g.firstCards ? 1 : 0);
      groupOf.push(gi);
    }
  });
  for (let k = 0; k < off; k++) {
    const open = heights.map((h, f) => (h > minOf[f]! ? f : -1)).filter((f) => f >= 0);
    if (open.length === 0) break;
    heights[pick(open)]!--;
  }
  // The cards not on a foundation yet, as a multiset by name.
  const loose = new Map<string, number>();
  const piles = [...pos.tableau, ...pos.reserves, pos.stock, pos.waste];
  for (const pile of piles) for (const c of pile) loose.set(c, (loose.get(c) ?? 0) + 1);
  const take = (name: string): void => {
    loose.set(name, loose.get(name)! - 1);
    const holders = piles.filter((p) => p.includes(name));
    const pile = pick(holders);
    const at = pile.map((c, i) => (c === name ? i : -1)).filter((i) => i >= 0);
    pile.splice(pick(at), 1);
  };
  const base = 1 + Math.floor(random() * 13);
  const colours = Array.from({ length: 16 }, (_, i) => i % 2);
  for (let i = colours.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [colours[i], colours[j]] = [colours[j]!, colours[i]!];
  }
  heights.forEach((h, f) => {
    const group = game.foundations[groupOf[f]!]!;
    const pile = pos.foundations[f]!;
    if (!group.firstCards) pile.length = 0;
    while (pile.length < h) {
      const top = pile.length ? parseCard(pile[pile.length - 1]!) : -1;
      const fits = [...loose.entries()]
        .filter(([, n]) => n > 0)
        .map(([name]) => parseCard(name))
        .filter((c) =>
          top >= 0
            ? follows(group, top, c)
            : group.start === 'base-rank'
              ? rankOf(c) === base && colourOf(c) === colours[f]
              : rankOf(c) === group.start,
        );
      const card = cardName(pick(fits));
      take(card);
      pile.push(card);
    }
  });
  if ('base' in pos) pos.base = pos.foundations.some((p) => p.length) ? cardName(base * 4 - 4).slice(0, -1) : null;
  if (game.autoFill) {
    for (const pile of pos.tableau) {
      if (pile.length === 0 && pos.waste.length) pile.push(pos.waste.pop()!);
      else if (pile.length === 0 && pos.stock.length) pile.push(pos.stock.pop()!);
    }
  }
  return readPosition(JSON.stringify(pos));
}

export interface Exhaustive {
  won: boolean;
  /** Positions entered (distinct). */
  positions: number;
  /** Whether it stopped at its cap (then `won` false means nothing). */
  capped: boolean;
}

/**
 * The plain exhaustive search: every legal move (no canonical choice among identical piles, no
 * safe move, no pruning), each position told apart from every other by its exact piles (no
 * hashing, no symmetry), depth-first to the end. Moves home are tried first and take-backs last
 * only so that easy wins are found before the cap; the order cannot change a finished answer.
 */
export function exhaustive(position: Position, cap: number): Exhaustive {
  const s = stateOf(position);
  const seen = new Set<string>();
  let moves = new Int32Array(MAX_MOVES * 64);
  const first: number[] = [];
  const count: number[] = [];
  const next: number[] = [];
  const total = s.rules.totalCards;
  const exact = (): string => {
    let key = String.fromCharCode(65 + s.base);
    for (let p = 0; p < s.rules.nPiles; p++) {
      key += '|';
      for (let d = 0; d < s.len[p]!; d++) key += String.fromCharCode(48 + s.cards[p * s.stride + d]!);
    }
    return key;
  };
  const kind = s.rules.kindOf;
  const expand = (at: number): number => {
    const n = generateMoves(s, moves, false, at);
    const rank = (m: number): number => (kind[m & 255] === 0 ? 2 : kind[(m >>> 8) & 255] === 0 ? 0 : 1);
    const sorted = Array.from(moves.subarray(at, at + n)).sort((a, b) => rank(a) - rank(b));
    moves.set(sorted, at);
    return n;
  };
  if (s.isWon()) return { won: true, positions: 1, capped: false };
  seen.add(exact());
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
    if (s.foundationCards() === total) return { won: true, positions: seen.size, capped: false };
    const key = exact();
    if (seen.has(key)) {
      undoMove(s);
      continue;
    }
    seen.add(key);
    if (seen.size >= cap) return { won: false, positions: seen.size, capped: true };
    const at = first[d]! + count[d]!;
    if (at + MAX_MOVES > moves.length) {
      const more = new Int32Array(moves.length * 2);
      more.set(moves);
      moves = more;
    }
    first.push(at);
    count.push(expand(at));
    next.push(0);
  }
  return { won: false, positions: seen.size, capped: false };
}

/**
 * A position from a real deal after a random line of play: `steps` random legal moves, a draw
 * taken with probability `drawBias` whenever one is legal, so that the stock runs low and the
 * position is near its end, with most of what the deal allows still possible.
 */
export function playedOut(game: Game, seed: number, steps: number, drawBias: number, random: () => number): Position {
  const s = stateOf(dealGame(game, seed));
  const moves = new Int32Array(MAX_MOVES);
  for (let i = 0; i < steps; i++) {
    const n = generateMoves(s, moves, false, 0);
    if (n === 0) break;
    const last = moves[n - 1]!;
    const draws = (last & 255) === s.rules.stock;
    const m = draws && (n === 1 || random() < drawBias) ? last : moves[Math.floor(random() * (draws ? n - 1 : n))]!;
    applyMove(s, m);
    if (s.depth >= 4000) break;
  }
  return s.toPosition();
}
