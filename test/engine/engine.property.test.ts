// Property tests of the engine (src/engine): random playouts of every game, checked after every
// move (cards conserved, incremental Zobrist key = key from scratch, undo/redo exact), the key's
// symmetries (interchangeable piles, indistinguishable cards), canonical move generation, and
// move generation against the independent referee (src/referee/referee.ts).
import { describe, it, expect } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { seedGames, type Game } from '../../src/games/index.js';
import type { State } from '../../src/engine/state.js';
import {
  CardSet,
  MAX_MOVES,
  applyMove,
  formatMove,
  foundationAccepts,
  generateMoves,
  isLegal,
  parseMove,
  undoMove,
} from '../../src/engine/moves.js';
import { KIND_F } from '../../src/engine/tables.js';
import { legalMoves, replay } from '../../src/referee/referee.js';
import { clone, mulberry32, shuffled, stateOf } from '../support/helpers.js';

// ---------------------------------------------------------------------------------------------
// Helpers

type Rng = () => number;
const randInt = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[randInt(rng, xs.length)]!;
const keyOf = (s: State): string => `${s.keyLo}:${s.keyHi}`;
const keyOfPosition = (p: Position): string => keyOf(stateOf(p));

function fail(msg: string): never {
  expect.fail(msg);
}

/** Per-card counts over every pile of the state. */
function cardCounts(s: State): Int32Array {
  const counts = new Int32Array(52);
  for (let p = 0; p < s.rules.nPiles; p++) {
    for (let d = 0; d < s.len[p]!; d++) counts[s.cards[p * s.stride + d]!]!++;
  }
  return counts;
}

function movesOf(s: State, canonical: boolean): number[] {
  const out = new Int32Array(MAX_MOVES);
  const n = generateMoves(s, out, canonical);
  return Array.from(out.subarray(0, n));
}

/** The tableau piles are interchangeable: every game except Double Dot while its stock lasts. */
const tableauInterchangeable = (p: Position): boolean => p.game !== 'double-dot' || p.stock.length === 0;

/** Foundation index groups whose piles are interchangeable (RULES.md layouts). */
function foundationGroups(game: Game): number[][] {
  const groups: number[][] = [];
  let f = 0;
  for (const g of game.foundations) {
    groups.push(Array.from({ length: g.count }, (_, i) => f + i));
    f += g.count;
  }
  return groups;
}

/** What the rules can tell apart about a card: DS rank+colour, DAK rank, else the card. */
function identity(game: Game, card: string): string {
  if (game.id === 'double-aces-and-kings') return card[0]!;
  if (game.id === 'double-signora') return card[0]! + ('DH'.includes(card[1]!) ? 'red' : 'black');
  return card;
}

/**
 * A canonical form of a position written independently of the engine: two positions that the
 * rules cannot tell apart (interchangeable piles in any order, indistinguishable cards) have the
 * same form. Foundations of a group, DAK's reserves, and the tableau (when interchangeable) are
 * sorted; cards are replaced by their identity.
 */
function canonicalForm(game: Game, p: Position): string {
  const pileText = (pile: string[]): string => pile.map((c) => identity(game, c)).join(',');
  const parts: string[] = [];
  for (const group of foundationGroups(game))
    parts.push(
      'F[' +
        group
          .map((f) => pileText(p.foundations[f]!))
          .sort()
          .join('|') +
        ']',
    );
  const t = p.tableau.map(pileText);
  parts.push(`T[${(tableauInterchangeable(p) ? t.sort() : t).join('|')}]`);
  parts.push(`R[${p.reserves.map(pileText).sort().join('|')}]`);
  parts.push(`S[${pileText(p.stock)}]`, `W[${pileText(p.waste)}]`, `B[${p.base ?? ''}]`);
  return parts.join(' ');
}

/** Every card slot of a position: [pile list getter id, pile index, depth]. */
function slots(p: Position): { pile: string[]; d: number }[] {
  const out: { pile: string[]; d: number }[] = [];
  for (const pile of [...p.foundations, ...p.tableau, ...p.reserves, p.stock, p.waste]) {
    for (let d = 0; d < pile.length; d++) out.push({ pile, d });
  }
  return out;
}

interface Policy {
  /** Chance of preferring a move to a foundation when there is one. */
  pFoundation: number;
  /** Chance of drawing when a draw is possible (before picking uniformly). */
  pDraw: number;
}

function randomPolicy(rng: Rng): Policy {
  return { pFoundation: rng() * 0.9, pDraw: pick(rng, [0, 0.05, 0.15, 0.3, 0.5]) };
}

/** Chooses a move among `moves` (non-empty) under a policy. */
function chooseMove(s: State, moves: number[], policy: Policy, rng: Rng): number {
  const r = s.rules;
  if (rng() < policy.pFoundation) {
    const toF = moves.filter((m) => ((m >>> 8) & 255) !== r.stock && r.kindOf[(m >>> 8) & 255] === KIND_F && r.kindOf[m & 255] !== KIND_F);
    if (toF.length) return pick(rng, toF);
  }
  if (rng() < policy.pDraw) {
    const draw = moves.find((m) => (m & 255) === r.stock);
    if (draw !== undefined) return draw;
  }
  return pick(rng, moves);
}

interface Playout {
  game: Game;
  seed: number;
  deal: Position;
  state: State;
  /** Moves played, engine encoding and FORMATS.md text. */
  line: number[];
  text: string[];
}

/**
 * The deal with its stock dealt round-robin onto all tableau piles but the last, whose card goes
 * onto t0, leaving a space (Double Aces and Kings, whose slots hold one card: the stock goes onto
 * the waste). Not a reachable position, but a legal one to play on.
 */
function spreadStock(deal: Position): Position {
  const p = clone(deal);
  if (p.game === 'double-aces-and-kings') {
    while (p.stock.length) p.waste.push(p.stock.pop()!);
    return p;
  }
  const n = p.tableau.length - 1;
  p.tableau[0]!.push(...p.tableau[n]!.splice(0));
  for (let i = 0; p.stock.length; i++) p.tableau[i % n]!.push(p.stock.pop()!);
  return p;
}

const describeCase = (po: Playout): string =>
  `${po.game.id} seed ${po.seed}${po.deal.stock.length === 0 ? ' (stock spread)' : ''} after [${po.text.join(' ')}]`;

/**
 * Plays up to `maxMoves` random legal moves from a random deal, calling `visit` on the deal and
 * after every move.
 */
function playout(game: Game, rng: Rng, maxMoves: number, visit: (po: Playout) => void): Playout {
  const seed = randInt(rng, 2 ** 32);
  // Now and then start from the deal with its stock spread out, to reach the end game (empty
  // stock and waste: Double Signora's open spaces, Double Dot's interchangeable tableau) often.
  const deal = rng() < 0.3 ? spreadStock(dealGame(game, seed)) : dealGame(game, seed);
  const state = stateOf(deal);
  const po: Playout = { game, seed, deal, state, line: [], text: [] };
  const policy = randomPolicy(rng);
  visit(po);
  for (let i = 0; i < maxMoves; i++) {
    const moves = movesOf(state, false);
    if (moves.length === 0) break;
    const m = chooseMove(state, moves, policy, rng);
    po.text.push(formatMove(state.rules, m));
    po.line.push(m);
    applyMove(state, m);
    visit(po);
  }
  return po;
}

// ---------------------------------------------------------------------------------------------
// Tests, per game

const PLAYOUTS = 100;
const homeScratch = new Int32Array(MAX_MOVES);
const MAX_PLY = 300;

for (const game of seedGames()) {
  describe(`engine properties: ${game.id}`, () => {
    it('playouts: cards conserved, incremental key = key from scratch, undo/redo exact', () => {
      const rng = mulberry32(0x1234 + game.decks * 7 + game.tableau.count);
      let moves = 0;
      let maxFoundation = 0;
      let endGame = 0; // positions with stock and waste empty
      let openSpaces = 0; // empty tableau piles that accept any card
      for (let k = 0; k < PLAYOUTS; k++) {
        let dealCounts: Int32Array | undefined;
        const keys: string[] = [];
        const po = playout(game, rng, MAX_PLY, (po) => {
          const s = po.state;
          const counts = cardCounts(s);
          if (!dealCounts) {
            dealCounts = counts;
            for (let c = 0; c < 52; c++) if (counts[c] !== game.decks) fail(`deal of ${game.id} seed ${po.seed}: card ${c} x${counts[c]}`);
          } else {
            for (let c = 0; c < 52; c++) {
              if (counts[c] !== dealCounts[c]) fail(`cards not conserved (card ${c}): ${describeCase(po)}`);
            }
          }
          const [lo, hi] = s.keyFromScratch();
          if (lo !== s.keyLo || hi !== s.keyHi) fail(`incremental key != key from scratch: ${describeCase(po)}`);
          if (s.depth !== po.line.length) fail(`depth ${s.depth} != ${po.line.length}: ${describeCase(po)}`);
          let home = 0;
          for (let f = 0; f < s.rules.nFoundations; f++) home += s.len[f]!;
          if (s.foundationCards() !== home) fail(`foundation count ${s.foundationCards()} != ${home}: ${describeCase(po)}`);
          // The home set generateMoves leaves for move ordering: the cards some foundation takes.
          const homeSet = new CardSet();
          generateMoves(s, homeScratch, true, 0, homeSet);
          for (let c = 0; c < 52; c++) {
            const inSet = homeSet.has(c);
            let takes = false;
            for (let f = 0; f < s.rules.nFoundations; f++) takes ||= foundationAccepts(s, f, c);
            if (inSet !== takes) fail(`home set says ${inSet} for card ${c}: ${describeCase(po)}`);
          }
          keys.push(keyOf(s));
          const r = s.rules;
          const stockAndWasteEmpty = s.len[r.stock] === 0 && (game.stock.draw !== 'to-waste' || s.len[r.waste] === 0);
          if (stockAndWasteEmpty) endGame++;
          if (stockAndWasteEmpty || game.tableau.autoFill === 'none') {
            for (let t = r.firstTableau; t < r.firstTableau + r.nTableau; t++) if (s.len[t] === 0) openSpaces++;
          }
          // At random points: undo a few moves (the key must be the one recorded at that depth),
          // then redo them (the key must come back).
          if (po.line.length > 0 && rng() < 0.1) {
            const before = keyOf(s);
            const beforePos = JSON.stringify(s.toPosition());
            const n = 1 + randInt(rng, Math.min(6, po.line.length));
            for (let i = 0; i < n; i++) {
              undoMove(s);
              if (keyOf(s) !== keys[s.depth]) fail(`undo to depth ${s.depth} gives another key: ${describeCase(po)}`);
              const [l2, h2] = s.keyFromScratch();
              if (l2 !== s.keyLo || h2 !== s.keyHi) fail(`key after undo != key from scratch: ${describeCase(po)}`);
            }
            for (let i = po.line.length - n; i < po.line.length; i++) applyMove(s, po.line[i]!);
            if (keyOf(s) !== before) fail(`undo+redo of ${n} moves changes the key: ${describeCase(po)}`);
            if (JSON.stringify(s.toPosition()) !== beforePos) fail(`undo+redo of ${n} moves changes the position: ${describeCase(po)}`);
          }
        });
        moves += po.line.length;
        maxFoundation = Math.max(maxFoundation, po.state.foundationCards());
        // Undo everything: the deal and its key come back exactly.
        const s = po.state;
        while (s.depth > 0) undoMove(s);
        expect(s.toPosition(), describeCase(po)).toEqual(po.deal);
        expect(keyOf(s), describeCase(po)).toBe(keys[0]);
        expect(keyOf(s)).toBe(keyOfPosition(po.deal));
      }
      // The playouts did go somewhere (not all stuck at the deal).
      expect(moves).toBeGreaterThan(PLAYOUTS * 20);
      expect(maxFoundation).toBeGreaterThan(game.decks * 4);
      if (game.id !== 'double-aces-and-kings') expect(endGame).toBeGreaterThan(100);
      expect(openSpaces).toBeGreaterThan(10);
    });

    it('move generation equals the referee, lines replay, random move texts agree', () => {
      const rng = mulberry32(0xbeef + game.decks * 31 + game.tableau.count);
      const ids = [
        ...Array.from({ length: 17 }, (_, i) => `f${i}`),
        ...Array.from({ length: 12 }, (_, i) => `t${i}`),
        'r0',
        'r1',
        'r3',
        'r4',
        'w',
        's',
      ];
      let compared = 0;
      let candidates = 0;
      let accepted = 0;
      for (let k = 0; k < 30; k++) {
        const po = playout(game, rng, MAX_PLY, (po) => {
          if (rng() >= 0.1) return;
          const s = po.state;
          const pos = s.toPosition();
          const engine = new Set(movesOf(s, false).map((m) => formatMove(s.rules, m)));
          const referee = new Set(legalMoves(pos));
          const onlyEngine = [...engine].filter((m) => !referee.has(m));
          const onlyReferee = [...referee].filter((m) => !engine.has(m));
          if (onlyEngine.length || onlyReferee.length) {
            fail(`moves differ: engine only [${onlyEngine}], referee only [${onlyReferee}]: ${describeCase(po)}`);
          }
          if (engine.size !== movesOf(s, false).length) fail(`engine generated a move twice: ${describeCase(po)}`);
          compared++;
          // Random candidate texts: the referee accepts one iff the engine says it is legal.
          for (let i = 0; i < 12; i++) {
            const src = pick(rng, ids);
            const dst = pick(rng, ids);
            const countPart = rng() < 0.25 ? `:${1 + randInt(rng, 5)}` : '';
            const text = rng() < 0.05 ? 'draw' : `${src}${countPart}>${dst}`;
            const m = parseMove(s.rules, text);
            const engineSays = m !== -1 && isLegal(s, m);
            const refereeSays = replay(pos, [text]).ok;
            if (engineSays !== refereeSays) fail(`'${text}': engine ${engineSays}, referee ${refereeSays}: ${describeCase(po)}`);
            candidates++;
            if (engineSays) accepted++;
          }
        });
        const verdict = replay(po.deal, po.text);
        if (!verdict.ok) fail(`referee rejects move ${verdict.index + 1} '${verdict.move}' (${verdict.reason}): ${describeCase(po)}`);
        // The referee's final position is the engine's.
        expect(verdict.final, describeCase(po)).toEqual(po.state.toPosition());
        expect(verdict.won).toBe(po.state.isWon());
      }
      expect(compared).toBeGreaterThan(200);
      expect(candidates).toBeGreaterThan(1000);
      expect(accepted).toBeGreaterThan(0);
    });

    it('canonical generation: a subset of all moves, losing no result position', () => {
      const rng = mulberry32(0xc0de + game.decks * 17 + game.tableau.count);
      let checked = 0;
      let dropped = 0;
      for (let k = 0; k < 50; k++) {
        playout(game, rng, MAX_PLY, (po) => {
          if (rng() >= 0.2) return;
          const s = po.state;
          const all = movesOf(s, false);
          const canonical = movesOf(s, true);
          const allSet = new Set(all);
          for (const m of canonical) {
            if (!allSet.has(m)) fail(`canonical move ${formatMove(s.rules, m)} is not legal: ${describeCase(po)}`);
          }
          if (new Set(canonical).size !== canonical.length) fail(`canonical generation repeats a move: ${describeCase(po)}`);
          const here = keyOf(s);
          const resultKey = (m: number): string => {
            applyMove(s, m);
            const key = keyOf(s);
            undoMove(s);
            if (keyOf(s) !== here) fail(`apply+undo ${formatMove(s.rules, m)} changes the key: ${describeCase(po)}`);
            return key;
          };
          // A left-out move either changes nothing (whole pile into an empty pile of its kind)
          // or reaches a position some canonical move reaches.
          const reached = new Set(canonical.map(resultKey));
          reached.add(here);
          const canonicalSet = new Set(canonical);
          for (const m of all) {
            if (canonicalSet.has(m)) continue;
            dropped++;
            if (!reached.has(resultKey(m))) {
              fail(`non-canonical move ${formatMove(s.rules, m)} reaches a position no canonical move reaches: ${describeCase(po)}`);
            }
          }
          checked++;
        });
      }
      expect(checked).toBeGreaterThan(300);
      // Canonical generation does leave moves out somewhere (or this test checks nothing).
      expect(dropped).toBeGreaterThan(0);
    });

    it('key symmetries: interchangeable piles, indistinguishable cards; different positions differ', () => {
      const rng = mulberry32(0x5a5a + game.decks * 13 + game.tableau.count);
      let equalChecks = 0;
      let differentChecks = 0;
      for (let k = 0; k < 20; k++) {
        playout(game, rng, MAX_PLY, (po) => {
          if (rng() >= 0.04) return;
          const s = po.state;
          const pos = s.toPosition();
          const key = keyOf(s);
          if (keyOfPosition(pos) !== key) fail(`State.fromPosition(toPosition()) has another key: ${describeCase(po)}`);
          const form = canonicalForm(game, pos);

          // Permuting the tableau piles: the same key when they are interchangeable; Double Dot
          // with stock left tells them apart.
          const p1 = clone(pos);
          p1.tableau = shuffled(rng, p1.tableau);
          const k1 = keyOfPosition(p1);
          if (tableauInterchangeable(pos)) {
            if (k1 !== key) fail(`permuted tableau gives another key: ${describeCase(po)}`);
            equalChecks++;
          } else if (JSON.stringify(p1.tableau) !== JSON.stringify(pos.tableau)) {
            if (k1 === key) fail(`Double Dot with stock: permuted tableau gives the same key: ${describeCase(po)}`);
            differentChecks++;
          }

          // Permuting foundations within a group (DS all 16; DAK f0..f7 and f8..f15; MS all 8).
          if (game.id !== 'double-dot') {
            const p2 = clone(pos);
            for (const group of foundationGroups(game)) {
              const perm = shuffled(rng, group);
              group.forEach((f, i) => (p2.foundations[f] = pos.foundations[perm[i]!]!.slice()));
            }
            if (keyOfPosition(p2) !== key) fail(`permuted foundations give another key: ${describeCase(po)}`);
            equalChecks++;
          }

          // Swapping a card for an indistinguishable one elsewhere (DS same rank and colour,
          // DAK same rank): the same key.
          if (game.id === 'double-signora' || game.id === 'double-aces-and-kings') {
            const p3 = clone(pos);
            const all = slots(p3);
            for (let tries = 0; tries < 50; tries++) {
              const a = pick(rng, all);
              const b = pick(rng, all);
              const ca = a.pile[a.d]!;
              const cb = b.pile[b.d]!;
              if (ca === cb || identity(game, ca) !== identity(game, cb)) continue;
              a.pile[a.d] = cb;
              b.pile[b.d] = ca;
              if (keyOfPosition(p3) !== key) fail(`swapping ${ca} and ${cb} gives another key: ${describeCase(po)}`);
              equalChecks++;
              break;
            }
          }

          // Random changes: the key is equal exactly when the canonical form is.
          for (let i = 0; i < 4; i++) {
            const p4 = clone(pos);
            const change = randInt(rng, 3);
            if (change === 0) {
              // Swap two random cards.
              const all = slots(p4);
              const a = pick(rng, all);
              const b = pick(rng, all);
              const t = a.pile[a.d]!;
              a.pile[a.d] = b.pile[b.d]!;
              b.pile[b.d] = t;
            } else if (change === 1) {
              // Move a random top card onto another pile.
              const piles = [...p4.foundations, ...p4.tableau, ...p4.reserves, p4.stock, p4.waste];
              const from = pick(
                rng,
                piles.filter((x) => x.length > 0),
              );
              const to = pick(rng, piles);
              if (from !== to) to.push(from.pop()!);
            } else if (game.id === 'double-signora') {
              p4.base = pick(rng, [null, ...'A23456789TJQK']);
            } else {
              // Reverse a random non-trivial pile.
              const piles = [...p4.foundations, ...p4.tableau, ...p4.reserves, p4.stock, p4.waste].filter((x) => x.length > 1);
              if (piles.length) pick(rng, piles).reverse();
            }
            const same = canonicalForm(game, p4) === form;
            const k4 = keyOfPosition(p4);
            if (same && k4 !== key) fail(`an equivalent position has another key: ${describeCase(po)}`);
            if (!same && k4 === key) fail(`a different position has the same key: ${describeCase(po)}`);
            if (same) equalChecks++;
            else differentChecks++;
          }
        });
      }
      expect(equalChecks).toBeGreaterThan(50);
      expect(differentChecks).toBeGreaterThan(50);
    });
  });
}

describe('engine: fixed cases', () => {
  it('Double Dot: the last deal makes the tableau interchangeable, undo restores', () => {
    const game = seedGames().find((g) => g.id === 'double-dot')!;
    const deal = dealGame(game, 7);
    const s = stateOf(deal);
    const draw = parseMove(s.rules, 'draw');
    for (let i = 0; i < 5; i++) {
      expect(isLegal(s, draw)).toBe(true);
      applyMove(s, draw);
      const [lo, hi] = s.keyFromScratch();
      expect([s.keyLo, s.keyHi]).toEqual([lo, hi]);
    }
    expect(isLegal(s, draw)).toBe(false);
    expect(s.toPosition().stock).toEqual([]);
    expect(s.toPosition().tableau.every((t) => t.length === 6)).toBe(true);
    // Now the tableau piles are interchangeable.
    const p = s.toPosition();
    const q = clone(p);
    q.tableau.reverse();
    expect(keyOfPosition(q)).toBe(keyOf(s));
    for (let i = 0; i < 5; i++) undoMove(s);
    expect(s.toPosition()).toEqual(deal);
    expect(keyOf(s)).toBe(keyOfPosition(deal));
  });

  it('Double Signora: the first foundation card fixes the base; undo clears it', () => {
    const game = seedGames().find((g) => g.id === 'double-signora')!;
    const deal = dealGame(game, 1); // reserve top TH, t0 4S
    const s = stateOf(deal);
    const key0 = keyOf(s);
    const m = parseMove(s.rules, 'r0>f5');
    expect(isLegal(s, m)).toBe(true);
    applyMove(s, m);
    expect(s.toPosition().base).toBe('T');
    expect(isLegal(s, parseMove(s.rules, 't0>f0'))).toBe(false); // 4S is not a T
    undoMove(s);
    expect(s.toPosition().base).toBeNull();
    expect(keyOf(s)).toBe(key0);
    // t0 to a foundation: the pile is refilled from the stock top at once (DS-7).
    const top = deal.stock.at(-1)!;
    applyMove(s, parseMove(s.rules, 't0>f3'));
    expect(s.toPosition().tableau[0]).toEqual([top]);
    expect(s.toPosition().stock).toHaveLength(175);
    undoMove(s);
    expect(s.toPosition()).toEqual(deal);
  });
});
