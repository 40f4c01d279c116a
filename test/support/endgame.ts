// End-game positions made from real deals, and a plain exhaustive search to judge them by: the
// yardstick for every pruning, symmetry and shortcut of the solver (test/search/prove.test.ts). Not a
// test file itself (vitest only runs *.test.ts).
import { cardName, parseCard, rankOf, colourOf, RANKS } from '../../src/notation/cards.js';
import { dealGame } from '../../src/position/deal.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { follows } from '../../src/games/build.js';
import type { Game } from '../../src/games/index.js';
import { applyMove, formatMove, generateMoves, MAX_MOVES, moveDst, moveSrc } from '../../src/engine/moves.js';
import { replay } from '../../src/referee/referee.js';
import { KIND_F, KIND_R, type GameTables } from '../../src/engine/tables.js';
import { expect } from 'vitest';
import type { Solver } from '../../src/search/driver/solver.js';
import { PLAIN_MAX_POSITIONS, plainSearch } from '../../src/search/plain.js';
import { stateOf } from './helpers.js';
import { useSearchKeys } from '../../src/search/start.js';

/**
 * Deal `seed`, then put all but about `off` cards home: the foundations are built (random
 * heights, random copies, in Double Signora a random base rank and eight piles of each starting
 * colour, so that every height can be reached) and the cards they take are lifted out of the
 * deal's piles, the other cards keeping their places and order. Double Signora's empty tableau
 * piles are then filled as the rules fill them (DS-7).
 */
export function endgame(game: Game, seed: number, off: number, random: () => number): Position {
  const pos = dealGame(game, seed);
  // A base card the deal gave a foundation goes under the stock with the loose cards; its rank
  // stays the base rank.
  const dealtBase = pos.base ?? null;
  game.foundations.forEach((g, gi) => {
    if (g.start === 'dealt') return;
    const first = game.foundations.slice(0, gi).reduce((n, h) => n + h.count, 0);
    for (let f = first; f < first + g.count; f++) pos.stock.unshift(...pos.foundations[f]!.splice(0));
  });
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const heights: number[] = [];
  const minOf: number[] = [];
  const groupOf: number[] = [];
  game.foundations.forEach((g, gi) => {
    for (let i = 0; i < g.count; i++) {
      heights.push(g.max);
      minOf.push(g.start === 'dealt' ? 1 : 0);
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
  const drawn = 1 + Math.floor(random() * 13);
  const base = dealtBase === null ? drawn : RANKS.indexOf(dealtBase) + 1;
  const colours = Array.from({ length: heights.length }, (_, i) => i % 2);
  for (let i = colours.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [colours[i], colours[j]] = [colours[j]!, colours[i]!];
  }
  heights.forEach((h, f) => {
    const group = game.foundations[groupOf[f]!]!;
    const pile = pos.foundations[f]!;
    if (group.start !== 'dealt') pile.length = 0;
    while (pile.length < h) {
      const top = pile.length ? parseCard(pile[pile.length - 1]!) : -1;
      const fits = [...loose.entries()]
        .filter(([, n]) => n > 0)
        .map(([name]) => parseCard(name))
        .filter((c) =>
          top >= 0
            ? follows(group.build, top, c)
            : group.start === 'base-rank'
              ? rankOf(c) === base && colourOf(c) === colours[f]
              : rankOf(c) === group.start,
        );
      const card = cardName(pick(fits));
      take(card);
      pile.push(card);
    }
  });
  if ('base' in pos) pos.base = pos.foundations.some((p) => p.length) ? cardName(base * 4 - 4).slice(0, -1) : dealtBase;
  if (game.tableau.autoFill !== 'none') {
    for (const pile of pos.tableau) {
      if (pile.length === 0 && pos.waste.length && game.tableau.autoFill === 'waste-then-stock') pile.push(pos.waste.pop()!);
      else if (pile.length === 0 && pos.stock.length) pile.push(pos.stock.pop()!);
    }
  }
  // Cards lifted out of a pile leave its top face up.
  if (pos.faceDown) pos.faceDown = pos.faceDown.map((n, i) => Math.max(0, Math.min(n, pos.tableau[i]!.length - 1)));
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
 * The kinds of take-back (a card leaving a foundation): to the tableau (in Double Aces and
 * Kings, to an empty slot), or to another foundation of the same group or of the other group
 * (Double Aces and Kings only: `up` the Ace piles, `down` the King piles).
 */
export type TakeBack = 'to-tableau' | 'up>down' | 'down>up' | 'up>up' | 'down>down';

/** The kind of take-back move `m` is, or null if it takes no card off a foundation. */
export function takeBackKind(r: GameTables, m: number): TakeBack | null {
  const src = moveSrc(m);
  if (src === r.stock || r.kindOf[src] !== KIND_F) return null;
  const dst = moveDst(m);
  if (r.kindOf[dst] !== KIND_F) return 'to-tableau';
  const dir = (f: number): string => (r.game.foundations[r.groupOf[f]!]!.build.step > 0 ? 'up' : 'down');
  return `${dir(src)}>${dir(dst)}` as TakeBack;
}

/** Every kind of take-back the game's rules allow. */
export function takeBackKinds(game: Game): TakeBack[] {
  const kinds: TakeBack[] = [];
  if (game.moves.includes('f>t')) kinds.push('to-tableau');
  if (game.moves.includes('f>f')) {
    const dirs = [...new Set(game.foundations.map((g) => (g.build.step > 0 ? 'up' : 'down')))];
    for (const a of dirs) for (const b of dirs) kinds.push(`${a}>${b}` as TakeBack);
  }
  return kinds;
}

/**
 * The plain exhaustive search (src/search/plain.ts) on a position, stopped after `cap` positions;
 * `forbid` leaves out those kinds of take-back (to find the positions that need them, not to
 * judge the solver).
 */
export function exhaustive(position: Position, cap: number, forbid: readonly TakeBack[] = []): Exhaustive {
  const s = stateOf(position);
  const leftOut = forbid.length ? (m: number): boolean => forbid.includes(takeBackKind(s.rules, m)!) : undefined;
  const found = plainSearch(s, { maxNodes: cap, timeLimitMs: 0 }, PLAIN_MAX_POSITIONS, leftOut);
  return { won: found.result === 'won', positions: found.nodes, capped: found.result === 'unknown' };
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

/**
 * A tied-up end game: every card home (from deal `seed`), then the top `lengths[i]` cards of
 * `chains` random foundations taken off and laid on the tableau and reserves, each pile holding
 * its cards in the order they go home (the first to go home on top), but the first card of each
 * taken-off run slipped under the top card of another pile, so that it must be dug out. Every
 * tableau pile gets a card. Stock and waste are empty.
 */
export function tiedUp(game: Game, seed: number, lengths: number[], random: () => number): Position {
  const s = stateOf(endgame(game, seed, 0, random));
  const r = s.rules;
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const foundations = Array.from({ length: r.nFoundations }, (_, f) => f);
  // The cards taken off, each with its place in its run (0 = the first to go home).
  const off: { card: number; order: number }[] = [];
  const firsts: number[] = [];
  for (const length of lengths) {
    const fs = foundations.filter((f) => s.len[f]! - r.minFoundation[r.groupOf[f]!]! >= length);
    if (!fs.length) continue;
    const f = pick(fs);
    for (let k = length - 1; k >= 0; k--) off.push({ card: s.pop(f), order: k });
    firsts.push(off.length - 1);
  }
  const piles: number[][] = [];
  const caps: number[] = [];
  for (let t = 0; t < r.nTableau; t++) {
    piles.push([]);
    caps.push(r.capacity[r.firstTableau + t]!);
  }
  if (r.canMove[KIND_R * 5 + KIND_F] === 1)
    for (const reserve of r.game.reserves) {
      piles.push([]);
      caps.push(reserve.cards);
    }
  const order = off.map((_, i) => i).sort(() => random() - 0.5);
  const held: number[][] = piles.map(() => []);
  order.forEach((i, k) => {
    const open = piles.map((_, p) => p).filter((p) => held[p]!.length < caps[p]! && (k >= r.nTableau || p === k));
    held[pick(open)]!.push(i);
  });
  held.forEach((h) => h.sort((a, b) => off[b]!.order - off[a]!.order || random() - 0.5));
  // Each run's first card goes under the top card of another pile.
  for (const i of firsts) {
    const from = held.findIndex((h) => h.includes(i));
    const to = held
      .map((_, p) => p)
      .filter((p) => p !== from && held[p]!.length > 0 && held[p]!.length < caps[p]! && !(from >= 0 && held[from]!.length === 1));
    if (from < 0 || !to.length) continue;
    held[from]!.splice(held[from]!.indexOf(i), 1);
    const h = held[pick(to)]!;
    h.splice(h.length - 1, 0, i);
  }
  held.forEach((h, p) => {
    const pile = p < r.nTableau ? r.firstTableau + p : r.firstReserve + p - r.nTableau;
    for (const i of h) s.push(pile, off[i]!.card);
  });
  return readPosition(JSON.stringify(s.toPosition()));
}

/**
 * `tiedUp`, then repaired until no move but a take-back is legal: while some other move is, the
 * card it would move trades places with a random card lying under a top in the tableau or
 * reserves. Without take-backs such a position is lost at once; with them it may be won.
 * Null when `tries` trades do not get there.
 */
export function frozen(game: Game, seed: number, lengths: number[], tries: number, random: () => number): Position | null {
  const s = stateOf(tiedUp(game, seed, lengths, random));
  const r = s.rules;
  const moves = new Int32Array(MAX_MOVES);
  const places: number[] = [];
  const piles = [
    ...Array.from({ length: r.nTableau }, (_, i) => r.firstTableau + i),
    ...Array.from({ length: r.nReserves }, (_, i) => r.firstReserve + i),
  ];
  for (let k = 0; k < tries; k++) {
    const n = generateMoves(s, moves, false, 0);
    const free: number[] = [];
    for (let i = 0; i < n; i++) if (takeBackKind(r, moves[i]!) === null) free.push(moves[i]!);
    if (free.length === 0) return s.isWon() ? null : readPosition(JSON.stringify(s.toPosition()));
    const m = free[Math.floor(random() * free.length)]!;
    const src = moveSrc(m);
    // A place (pile, depth) below the tops.
    places.length = 0;
    for (const p of piles) for (let d = 0; d < s.len[p]! - 1; d++) places.push(p * 256 + d);
    if (places.length === 0) return null;
    const at = places[Math.floor(random() * places.length)]!;
    const i = (at >> 8) * s.stride + (at & 255);
    const j = src * s.stride + s.len[src]! - 1;
    const a = s.cards[i]!;
    s.cards[i] = s.cards[j]!;
    s.cards[j] = a;
  }
  return null;
}

/**
 * Double Signora, tied up by colour (from deal `seed`, every card home first): `m` foundations
 * of one starting colour are cut down to height `h`, so that each needs a card of colour c at
 * level h+1, and one more of that starting colour to h+3, its top Z (colour c, level h+3) the
 * only card a level h+2 card can be parked on once Z is taken back onto a level h+4 card W.
 * The cards taken off lie in the tableau in the order they go home (the first on top), every
 * top of the other colour (not c), but one level h+1 card under a level h+2 card, and W a top.
 * Null when the cards do not fit that plan (a top of colour c).
 */
export function colourLock(game: Game, seed: number, m: number, h: number, random: () => number): Position | null {
  const s = stateOf(endgame(game, seed, 0, random));
  const r = s.rules;
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const start = (f: number): number => colourOf(s.cards[f * s.stride]!);
  const colour = pick([0, 1]);
  const same = Array.from({ length: r.nFoundations }, (_, f) => f)
    .filter((f) => start(f) === colour)
    .sort(() => random() - 0.5);
  if (same.length < m + 1) return null;
  // Off cards with their level (1 = a foundation's first card).
  const off: { card: number; level: number }[] = [];
  const cut = (f: number, height: number): void => {
    while (s.len[f]! > height) off.push({ card: s.pop(f), level: s.len[f]! + 1 });
  };
  same.slice(0, m).forEach((f) => cut(f, h));
  cut(same[m]!, h + 3);
  const c = colourOf(off.find((o) => o.level === h + 1)!.card);
  const take = (want: (o: { card: number; level: number }) => boolean): { card: number; level: number } | undefined => {
    const i = off.findIndex(want);
    return i < 0 ? undefined : off.splice(i, 1)[0];
  };
  const x = take((o) => o.level === h + 1);
  const y = take((o) => o.level === h + 2);
  const w = take((o) => o.level === h + 4);
  if (!x || !y || !w) return null;
  off.sort(() => random() - 0.5);
  const piles: { card: number; level: number }[][] = Array.from({ length: r.nTableau }, () => []);
  const dig = Math.floor(random() * r.nTableau);
  const park = (dig + 1 + Math.floor(random() * (r.nTableau - 1))) % r.nTableau;
  const others = piles.map((_, i) => i).filter((i) => i !== dig && i !== park);
  // A top of the other colour on every other pile, the lowest levels first.
  const tops = off
    .filter((o) => colourOf(o.card) !== c && o.level !== h + 4)
    .sort((a, b) => a.level - b.level)
    .slice(0, others.length);
  if (tops.length < others.length) return null;
  const rest = off.filter((o) => !tops.includes(o));
  for (const o of rest) piles[pick([...others, park])]!.push(o);
  piles.forEach((p) => p.sort((a, b) => b.level - a.level));
  tops.sort(() => random() - 0.5).forEach((o, k) => piles[others[k]!]!.push(o));
  piles[dig]!.push(x, y);
  piles[park]!.push(w);
  piles.forEach((p, i) => p.forEach((o) => s.push(r.firstTableau + i, o.card)));
  return readPosition(JSON.stringify(s.toPosition()));
}

/**
 * The positions of test/search/takebacks.test.ts, the `i`th of game: tied-up end games made from deal
 * `i` (`frozen`; in Double Signora also `colourLock`, which ties it up by colour), with sizes
 * chosen per game so that many are won only through a take-back. Null when none was made.
 */
export function takeBackCase(game: Game, i: number, random: () => number): Position | null {
  const between = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  // [most runs taken off, fewest and most cards taken off beyond one a pile]
  const sizes: Record<string, [number, number, number]> = {
    'double-signora': [16, 10, 30],
    'double-aces-and-kings': [2, 1, 4],
    'double-dot': [10, 6, 20],
    'mamy-susan': [6, 2, 10],
  };
  if (game.id === 'double-signora' && i % 4 !== 3) return colourLock(game, i, between(2, 6), between(1, 8), random);
  const [runs, lo, hi] = sizes[game.id]!;
  const piles = game.tableau.count + (game.tableau.capacity === 1 ? game.reserves.length : 0);
  const total = piles + between(lo, hi);
  const cuts = Array.from({ length: between(1, runs) - 1 }, () => between(0, total)).sort((a, b) => a - b);
  const lengths = [...cuts, total].map((c, k, a) => Math.min(12, c - (k ? a[k - 1]! : 0))).filter((l) => l > 0);
  return frozen(game, i, lengths, game.id === 'double-signora' ? 3000 : 1000, random);
}

/**
 * Fails unless a finished search of `solver` gives the plain search's answer `truth` on
 * `position`, with keys for the position alone and with a search's keys (useSearchKeys: suit
 * images, the stock as a set, arrangement keys), and a won line that the referee replays to a win; `why` is added to the
 * failure message.
 */
export function expectSolverAgrees(solver: Solver, gameId: string, position: Position, truth: 'won' | 'lost', why = ''): void {
  // Keyed as the position alone, and as a search keys it.
  for (const searchKeys of [false, true]) {
    const s = stateOf(position);
    if (searchKeys) useSearchKeys(s);
    const found = solver.solve(s, { maxNodes: 0, timeLimitMs: 0 });
    if (found.result !== truth) {
      expect.fail(
        `${gameId}: solver says ${found.result}${searchKeys ? ' (search keys)' : ''}, plain search ${truth}${why}: ${JSON.stringify(position)}`,
      );
    }
    // The line as a player makes it (stock plays written out) must win under the referee.
    const verdict =
      truth === 'won'
        ? replay(
            position,
            found.moves.map((m) => formatMove(s.rules, m)),
          )
        : null;
    if (verdict && !(verdict.ok && verdict.won)) {
      expect.fail(`${gameId}: the solver's winning line does not win under the referee${why}: ${JSON.stringify(position)}`);
    }
  }
}
