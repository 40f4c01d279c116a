// Stock plays (src/search/prunings/stockplays.ts): the search's one move for draws, a redeal and the play of
// the card they turn up. Checked against the engine's own draws and redeals: from random positions
// of games where the rules allow stock plays, the plays reach exactly the positions that draws and
// redeals followed by a move of the waste's top reach (with no more redeals made), apply and undo
// exactly, and are written out as moves the referee accepts.
import { describe, expect, it } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import {
  applyMove,
  drawMove,
  formatMove,
  generateMoves,
  isStockPlay,
  MAX_MOVES,
  moveSrc,
  redealMove,
  undoMove,
} from '../../src/engine/moves.js';
import type { State } from '../../src/engine/state.js';
import { getGame } from '../../src/games/index.js';
import { replay } from '../../src/referee/referee.js';
import { stockAsSetConditions, stockPlayConditions } from '../../src/search/prunings/dominance.js';
import { pruningsFor, pruningsInWords } from '../../src/search/prunings/prunings.js';
import { searchMoves } from '../../src/search/prunings/safe.js';
import { applyAsPlayed, MAX_SEARCH_MOVES } from '../../src/search/prunings/stockplays.js';
import { searchState } from '../../src/search/start.js';
import { compiled, mulberry32, stateOf } from '../support/helpers.js';

const GAMES = ['klondike', 'klondike:draw-1', 'klondike:three-passes', 'forty-thieves', 'double-aces-and-kings'];

/**
 * The position up to what the rules cannot tell apart (its key, which counts identical piles
 * once) without its redeal count, and the redeals made.
 */
const withoutRedeals = (s: State): [string, number] => {
  const redeals = s.redeals;
  s.setRedeals(0);
  const key = `${s.keyLo}:${s.keyHi}`;
  s.setRedeals(redeals);
  return [key, redeals];
};

/**
 * Every position that draws and redeals (the engine's own moves, in any number) and then a move
 * of the waste's top reach from `s`, each with the fewest redeals made, the waste's top now aside.
 */
function reachedByDrawing(s: State): Map<string, number> {
  const r = s.rules;
  const reached = new Map<string, number>();
  const out = new Int32Array(MAX_MOVES);
  const seen = new Set<string>();
  let applied = 0;
  for (;;) {
    const here = withoutRedeals(s);
    if (seen.has(here[0])) break;
    seen.add(here[0]);
    if (applied > 0) {
      const n = generateMoves(s, out, false);
      for (let i = 0; i < n; i++) {
        if (moveSrc(out[i]!) !== r.waste || out[i] === redealMove(r)) continue;
        applyMove(s, out[i]!);
        const [pos, redeals] = withoutRedeals(s);
        if (!reached.has(pos) || reached.get(pos)! > redeals) reached.set(pos, redeals);
        undoMove(s);
      }
    }
    // The one way on: a draw, else a redeal (drawing out the stock and a redeal are the only cycle).
    const n = generateMoves(s, out, false);
    const on = Array.from(out.subarray(0, n)).find((m) => m === drawMove(r) || m === redealMove(r));
    if (on === undefined) break;
    applyMove(s, on);
    applied++;
  }
  for (; applied > 0; applied--) undoMove(s);
  return reached;
}

/** Every position the stock plays among the search's moves reach, with the redeals made. */
function reachedByStockPlays(s: State): Map<string, number> {
  const out = new Int32Array(MAX_SEARCH_MOVES);
  const reached = new Map<string, number>();
  const n = searchMovesAll(s, out);
  for (let i = 0; i < n; i++) {
    if (!isStockPlay(s.rules, out[i]!)) continue;
    applyMove(s, out[i]!);
    const [pos, redeals] = withoutRedeals(s);
    reached.set(pos, redeals);
    undoMove(s);
  }
  return reached;
}

/**
 * The search's moves with stock plays on, where the profile takes them or not (their proof does
 * not ask for a redeal), and the safe move home, host swaps and dead positions put aside (each
 * keeps only some of them).
 */
function searchMovesAll(s: State, out: Int32Array): number {
  return searchMoves(s, { ...pruningsFor(s.rules), safeHome: false, stockPlays: true, hostSwaps: false, deadlocks: false }, out, 0);
}

describe('stock plays', () => {
  it('are derived from the rules: sound for Klondike and Forty Thieves, not where a space fills from the waste or the stock locks', () => {
    for (const id of GAMES) expect(stockPlayConditions(getGame(id)), id).toEqual([]);
    expect(stockPlayConditions(getGame('signora'))).toContain('no space is filled at once (from the waste or the stock)');
    expect(stockPlayConditions(getGame('double-signora:locked-stock'))).toContain('the stock is never locked');
    expect(stockPlayConditions(getGame('double-dot'))).toContain('the stock is turned onto a waste');
    expect(pruningsInWords(getGame('klondike')).join(' ')).toContain('no draw searched alone');
    expect(pruningsInWords(getGame('signora')).join(' ')).not.toContain('no draw searched alone');
    // Sound there, but the search profile takes them only where the stock is redealt.
    expect(pruningsFor(compiled('klondike:three-passes').rules).stockPlays).toBe(true);
    expect(pruningsFor(compiled('forty-thieves').rules).stockPlays).toBe(false);
    expect(pruningsInWords(getGame('forty-thieves')).join(' ')).not.toContain('no draw searched alone');
  });

  it.each(GAMES)('%s: reach what draws, redeals and a move of the waste top reach, apply and undo exactly', (id) => {
    const random = mulberry32(0x57c4);
    const game = getGame(id);
    const out = new Int32Array(MAX_SEARCH_MOVES);
    let plays = 0;
    for (let deal = 0; deal < 12; deal++) {
      const s = stateOf(dealGame(game, deal));
      for (let ply = 0; ply < 120; ply++) {
        // Canonical generation (searchMoves) fills in the identical piles the plays read.
        const n = searchMovesAll(s, out);
        if (n === 0) break;
        const byDrawing = reachedByDrawing(s);
        const byPlays = reachedByStockPlays(s);
        const where = `${id} seed ${deal} ply ${ply}`;
        expect(byPlays.size, where).toBe(byDrawing.size);
        for (const [pos, redeals] of byPlays) expect(byDrawing.get(pos), where).toBe(redeals);
        const before = JSON.stringify(s.toPosition());
        const [lo, hi] = [s.keyLo, s.keyHi];
        const m = out[Math.floor(random() * n)]!;
        if (isStockPlay(s.rules, m)) {
          plays++;
          applyMove(s, m);
          expect([s.keyLo, s.keyHi]).toEqual(s.keyFromScratch());
          const after = JSON.stringify(s.toPosition());
          undoMove(s);
          expect(JSON.stringify(s.toPosition())).toBe(before);
          expect([s.keyLo, s.keyHi]).toEqual([lo, hi]);
          // Written out, the play is draws, maybe a redeal, and a move that the referee accepts.
          const line: number[] = [];
          const start = s.toPosition();
          applyAsPlayed(s, m, line);
          expect(JSON.stringify(s.toPosition())).toBe(after);
          for (let i = 0; i < line.length; i++) undoMove(s);
          applyMove(s, m);
          const verdict = replay(
            start,
            line.map((x) => formatMove(s.rules, x)),
          );
          expect(verdict.ok ? '' : verdict.reason).toBe('');
          // The referee's own reading of the moves ends where the play does.
          if (verdict.ok)
            expect(JSON.stringify(verdict.final.stock) + JSON.stringify(verdict.final.waste)).toBe(
              JSON.stringify(s.toPosition().stock) + JSON.stringify(s.toPosition().waste),
            );
        } else applyMove(s, m);
      }
    }
    expect(plays).toBeGreaterThan(20);
  });
});

describe('the stock keyed as a set', () => {
  it('is derived: the waste redealt without limit, one deck', () => {
    expect(stockAsSetConditions(getGame('klondike:draw-1'))).toEqual([]);
    expect(stockAsSetConditions(getGame('klondike'))).toEqual([]);
    expect(stockAsSetConditions(getGame('klondike:three-passes'))).toContain('the waste is redealt without limit');
    expect(stockAsSetConditions(getGame('forty-thieves'))).toContain('one deck (which cards are left says their order)');
    expect(stockAsSetConditions(getGame('signora'))).toContain('no space is filled at once (from the waste or the stock)');
    expect(pruningsInWords(getGame('klondike:draw-1')).join(' ')).toContain('where the stock ends and the waste begins');
    expect(pruningsInWords(getGame('klondike')).join(' ')).toContain('where the stock ends and the waste begins');
    expect(pruningsInWords(getGame('klondike:three-passes')).join(' ')).not.toContain('where the stock ends and the waste begins');
  });

  it('keys the stock as a set under draw 3 as from scratch after every stock play, draw and redeal, and after undo', () => {
    const random = mulberry32(0x5e8);
    const out = new Int32Array(MAX_SEARCH_MOVES);
    let stockPlies = 0;
    for (let seed = 0; seed < 20; seed++) {
      const s = searchState(dealGame(getGame('klondike'), seed));
      const stockMove = (m: number): boolean => moveSrc(m) === s.rules.stock || moveSrc(m) === s.rules.waste;
      for (let ply = 0; ply < 60; ply++) {
        const n = searchMovesAll(s, out);
        if (n === 0) break;
        // Stock moves more often than not, so that the stock and waste pass through many splits.
        const fromStock = Array.from(out.subarray(0, n)).filter(stockMove);
        const pick = fromStock.length > 0 && random() < 0.6 ? fromStock : Array.from(out.subarray(0, n));
        const m = pick[Math.floor(random() * pick.length)]!;
        const before = { key: [s.keyLo, s.keyHi], position: s.toPosition() };
        applyMove(s, m);
        expect([s.keyLo, s.keyHi]).toEqual(s.keyFromScratch());
        if (stockMove(m)) stockPlies++;
        if (random() < 0.3) {
          undoMove(s);
          expect(s.toPosition()).toEqual(before.position);
          expect([s.keyLo, s.keyHi]).toEqual(before.key);
        }
      }
    }
    expect(stockPlies).toBeGreaterThan(200);
  });

  it('keys alike what differs only in where the stock ends, apart what differs in cards, as from scratch', () => {
    const random = mulberry32(0x5e7);
    const out = new Int32Array(MAX_SEARCH_MOVES);
    const s = stateOf(dealGame(getGame('klondike:draw-1'), 3));
    const plain = stateOf(dealGame(getGame('klondike:draw-1'), 3));
    s.setStockAsSet(true);
    const draw = drawMove(s.rules);
    let draws = 0;
    let plays = 0;
    for (let ply = 0; ply < 300; ply++) {
      const key = `${s.keyLo}:${s.keyHi}`;
      const plainKey = `${plain.keyLo}:${plain.keyHi}`;
      // A draw or a redeal moves only where the stock ends: the same key, where a player's key differs.
      const turn = s.len[s.rules.stock]! > 0 ? draw : redealMove(s.rules);
      if (s.len[s.rules.stock]! + s.len[s.rules.waste]! > 0) {
        applyMove(s, turn);
        applyMove(plain, turn);
        expect(`${s.keyLo}:${s.keyHi}`).toBe(key);
        expect([s.keyLo, s.keyHi]).toEqual(s.keyFromScratch());
        expect(`${plain.keyLo}:${plain.keyHi}`).not.toBe(plainKey);
        draws++;
        if (random() < 0.7) continue;
      }
      const n = searchMovesAll(s, out);
      if (n === 0) break;
      const m = out[Math.floor(random() * n)]!;
      const fromStock = isStockPlay(s.rules, m) || moveSrc(m) === s.rules.waste;
      applyMove(s, m);
      applyMove(plain, m);
      expect([s.keyLo, s.keyHi]).toEqual(s.keyFromScratch());
      // Every move but a draw or a redeal changes the cards somewhere.
      expect(`${s.keyLo}:${s.keyHi}`).not.toBe(key);
      if (fromStock) plays++;
    }
    expect(draws).toBeGreaterThan(50);
    expect(plays).toBeGreaterThan(5);
    // A search keys so (src/search/start.ts).
    const searched = searchState(dealGame(getGame('klondike:draw-1'), 3));
    const start = `${searched.keyLo}:${searched.keyHi}`;
    applyMove(searched, drawMove(searched.rules));
    expect(`${searched.keyLo}:${searched.keyHi}`).toBe(start);
    // Three at a time: draws from an empty waste keep the key; from a waste of two they do not.
    const dealt = dealGame(getGame('klondike'), 3);
    const three = stateOf(dealt);
    three.setStockAsSet(true);
    const start3 = `${three.keyLo}:${three.keyHi}`;
    applyMove(three, drawMove(three.rules));
    expect(`${three.keyLo}:${three.keyHi}`).toBe(start3);
    const sequence = [...dealt.waste, ...[...dealt.stock].reverse()];
    const two = stateOf({ ...dealt, waste: sequence.slice(0, 2), stock: sequence.slice(2).reverse() });
    two.setStockAsSet(true);
    const before = `${two.keyLo}:${two.keyHi}`;
    expect(before).not.toBe(start3);
    applyMove(two, drawMove(two.rules));
    expect(`${two.keyLo}:${two.keyHi}`).not.toBe(before);
    expect([two.keyLo, two.keyHi]).toEqual(two.keyFromScratch());
  });
});
