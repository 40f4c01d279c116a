// The built command line (bin/patience.js -> dist/, made by `npm test`'s tsc step): output of
// `deal` and `check`, and that bad input gives exactly one line on stderr, a non-zero exit code
// and no stack trace.
import { describe, it, expect } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { seedGames, getGame } from '../../src/games/index.js';
import {
  cliScratchFolder,
  expectOneLineError,
  NEARLY_WON_MAMY_SUSAN_LINE,
  nearlyWonMamySusan,
  patience,
  solveResult,
} from '../support/helpers.js';

const { file, path: inScratch } = cliScratchFolder('patience-cli-test-');

describe('patience deal', () => {
  it('deal --game double-signora --seed 1 prints the layout: 21 reserve cards, 11 one-card piles, 176 in the stock', () => {
    const r = patience('deal', '--game', 'double-signora', '--seed', '1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/Double Signora, seed 1/);
    const byId = new Map(lines.slice(1).map((l) => [l.split(/\s+/)[0]!, l] as const));
    const cardsOf = (id: string): string[] => (byId.get(id) ?? '').match(/\b[A2-9TJQK][CDHS]\b/g) ?? [];
    expect([...byId.keys()].filter((id) => /^f\d+$/.test(id))).toHaveLength(16);
    for (let f = 0; f < 16; f++) expect(cardsOf(`f${f}`)).toEqual([]);
    const deal = dealGame(getGame('double-signora'), 1);
    for (let t = 0; t < 11; t++) expect(cardsOf(`t${t}`)).toEqual(deal.tableau[t]);
    expect(cardsOf('t0')).toEqual(['4S']);
    expect(byId.has('t11')).toBe(false);
    expect(cardsOf('r0')).toHaveLength(21);
    expect(cardsOf('r0')).toEqual(deal.reserves[0]);
    expect(byId.get('s')).toMatch(/stock \(176\)/);
    expect(cardsOf('s')).toHaveLength(176);
    expect(cardsOf('w')).toEqual([]);
  });

  for (const game of seedGames()) {
    it(`${game.id}: deal --json is read back by deal --position FILE`, () => {
      const r = patience('deal', '--game', game.id, '--seed', '4294967295', '--json');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const pos = JSON.parse(r.stdout) as Position;
      expect(pos).toEqual(dealGame(game, 4294967295));
      const path = file(`${game.id}.json`, r.stdout);
      const back = patience('deal', '--position', path, '--json');
      expect(back.stderr).toBe('');
      expect(back.status).toBe(0);
      expect(JSON.parse(back.stdout)).toEqual(pos);
      const text = patience('deal', '--position', path);
      expect(text.status).toBe(0);
      expect(text.stdout).toMatch(new RegExp(`^${game.name}, seed 4294967295`));
    });
  }
});

describe('bad input: one line on stderr, non-zero exit, no stack trace', () => {
  it('unknown game', () => {
    expectOneLineError(patience('deal', '--game', 'spider', '--seed', '1'), /spider/);
  });
  for (const seed of ['-1', '1.5', '99999999999', 'x', '4294967296']) {
    it(`seed ${seed}`, () => {
      expectOneLineError(patience('deal', '--game', 'mamy-susan', '--seed', seed), /seed/);
    });
  }
  it('missing seed', () => {
    expectOneLineError(patience('deal', '--game', 'mamy-susan'), /seed/);
  });
  it('missing game', () => {
    expectOneLineError(patience('deal', '--seed', '3'), /game/);
  });
  it('a seed option without its value', () => {
    expectOneLineError(patience('deal', '--game', 'mamy-susan', '--seed'), /seed/);
  });
  it('malformed JSON file', () => {
    expectOneLineError(patience('deal', '--position', file('bad.json', '{"game": "double-dot", "tableau": [')), /JSON/);
  });
  it('a card too many', () => {
    const p = dealGame(getGame('double-dot'), 5);
    p.tableau[2]!.push(p.tableau[3]![0]!);
    expectOneLineError(patience('deal', '--position', file('too-many.json', p)), new RegExp(p.tableau[3]![0]!));
  });
  it('a missing card', () => {
    const p = dealGame(getGame('mamy-susan'), 5);
    const card = p.stock.pop()!;
    expectOneLineError(patience('deal', '--position', file('missing.json', p)), new RegExp(card), /missing/);
  });
  it('a pile over its limit (Double Aces and Kings slot with 2 cards)', () => {
    const p = dealGame(getGame('double-aces-and-kings'), 5);
    p.tableau[1]!.push(p.stock.pop()!);
    expectOneLineError(patience('deal', '--position', file('over.json', p)), /t1/);
  });
  it('an illegal foundation sequence', () => {
    const position = nearlyWonMamySusan();
    position.foundations[5]!.reverse(); // KD QD ... AD
    expectOneLineError(patience('deal', '--position', file('sequence.json', position)), /f5/);
  });
  it('a Double Signora base rank contradicting the foundations', () => {
    const p = dealGame(getGame('double-signora'), 5);
    delete p.seed; // no longer the deal of seed 5
    for (const c of ['9H', 'TC']) {
      p.stock.splice(p.stock.indexOf(c), 1);
      p.foundations[3]!.push(c);
    }
    p.base = '9';
    // Sanity: with base 9 the position is fine.
    expect(patience('deal', '--position', file('base-ok.json', p)).status).toBe(0);
    p.base = 'Q';
    expectOneLineError(patience('deal', '--position', file('base.json', p)), /f3/, /9H/);
  });
  it('a position file that does not exist', () => {
    expectOneLineError(patience('deal', '--position', inScratch('no-such-file.json')), /no-such-file/);
  });
  it('both --position and --seed', () => {
    const path = file('ok.json', dealGame(getGame('double-dot'), 1));
    expectOneLineError(patience('deal', '--position', path, '--seed', '1'), /seed/);
  });
  it('unknown subcommand', () => {
    expectOneLineError(patience('shuffle'), /shuffle/);
  });
  it('unknown option', () => {
    expectOneLineError(patience('deal', '--game', 'double-dot', '--seed', '1', '--colour'), /--colour/);
  });
});

describe('patience check', () => {
  it('a legal winning result: ok: won in N moves', () => {
    const [position, moves] = [nearlyWonMamySusan(), NEARLY_WON_MAMY_SUSAN_LINE];
    const r = patience('check', file('won.json', solveResult(position, moves)));
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(`ok: won in ${moves.length} moves`);
    expect(r.status).toBe(0);
  });
  it('a result with an illegal move names the move', () => {
    const [position, moves] = [nearlyWonMamySusan(), NEARLY_WON_MAMY_SUSAN_LINE];
    const bad = [...moves];
    bad.splice(1, 0, 't2>f3'); // KC onto the spades foundation (ending QS)
    expectOneLineError(patience('check', file('illegal.json', solveResult(position, bad))), /t2>f3/, /move 2\b/);
  });
  it('an illegal move in a real deal (a King to an empty foundation)', () => {
    const p = dealGame(getGame('mamy-susan'), 1); // t0 = TH AD 2H KS
    expectOneLineError(patience('check', file('illegal2.json', solveResult(p, ['draw', 't0>f0'], 'unknown'))), /t0>f0/);
  });
  it('a result that says won but does not win', () => {
    const [position, moves] = [nearlyWonMamySusan(), NEARLY_WON_MAMY_SUSAN_LINE];
    expectOneLineError(patience('check', file('short.json', solveResult(position, moves.slice(0, 4)))), /won|win/);
  });
  it('a legal line that is not claimed to win', () => {
    const [position, moves] = [nearlyWonMamySusan(), NEARLY_WON_MAMY_SUSAN_LINE];
    const r = patience('check', file('partial.json', solveResult(position, moves.slice(0, 3), 'unknown')));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^ok: 3 legal moves/);
  });
  it('a result file that is not JSON, or whose position is invalid', () => {
    expectOneLineError(patience('check', file('notjson.json', 'moves: []')), /JSON/);
    const [position, moves] = [nearlyWonMamySusan(), NEARLY_WON_MAMY_SUSAN_LINE];
    position.tableau[0]!.push('KC');
    expectOneLineError(patience('check', file('badpos.json', solveResult(position, moves))), /KC/);
  });
});
