// `patience show` without a browser: the page's own rules (src/show/page-rules.ts) against the referee,
// reading its input, the page's escaping, and bad input on the command line. The page in a real
// browser: show.browser.test.ts.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { gameToJson, getGame } from '../../src/games/index.js';
import { legalMoves, play, replay, whyIllegal } from '../../src/referee/referee.js';
import { pageRules, type PageGame } from '../../src/show/page-rules.js';
import { renderPage, scriptSafeJson } from '../../src/show/page.js';
import { readShownGame } from '../../src/show/record.js';
import { candidates, cliScratchFolder, expectOneLineError, patience, testGame } from '../support/helpers.js';
import { SHOWN_DEALS, solveDeal } from '../support/show-games.js';

/** The page's reading of a game's rules, as the page gets them (the rules JSON it carries). */
const pageFor = (game: string) => pageRules().forGame(gameToJson(getGame(game)) as unknown as PageGame);
const rules = {
  play: (pos: Position, move: string) => pageFor(pos.game).play(pos, move),
  home: (pos: Position) => pageFor(pos.game).home(pos),
  total: (pos: Position) => pageFor(pos.game).total(),
};

/** Every move between the piles of a position, other spellings of some, and strings that are not moves. */
const movesToTry = (pos: Position): string[] => [...candidates(pos), 'Draw', 't0>', `t${pos.tableau.length}>t0`, 't0:0>t1', 't0:1>t1'];

// Each case solves its deal first (a second or more on a loaded machine): past vitest's default 5 s under load.
describe("the page's rules agree with the referee", { timeout: 60_000 }, () => {
  for (const [game, seed] of SHOWN_DEALS) {
    it(`${game} seed ${seed}: every move of the winning line, and every candidate move at every 25th position`, () => {
      const report = solveDeal(game, seed);
      expect(report.result).toBe('won');
      let pos = report.position;
      report.moves.forEach((move, k) => {
        if (k % 25 === 0) {
          for (const m of movesToTry(pos))
            expect(typeof rules.play(pos, m) === 'string', `${m} at position ${k}`).toBe(whyIllegal(pos, m) !== null);
          expect(
            legalMoves(pos).every((m) => typeof rules.play(pos, m) !== 'string'),
            `position ${k}`,
          ).toBe(true);
        }
        const shown = rules.play(pos, move);
        if (typeof shown === 'string') throw new Error(`the page refuses move ${k + 1} '${move}': ${shown}`);
        const next = play(pos, move);
        expect(shown.pos, `after move ${k + 1} '${move}'`).toEqual(next);
        pos = next;
      });
      expect(rules.home(pos)).toBe(rules.total(pos));
      expect(rules.total(pos)).toBe(52 * getGame(game).decks);
    });
  }

  it('marks what moved: the source, the destination, a Double Signora auto-fill, a Double Dot deal', () => {
    const ds = dealGame(getGame('double-signora'), 1);
    const first = rules.play(ds, 't2>f0');
    if (typeof first === 'string') throw new Error(first);
    expect(first.from).toBe('t2');
    expect(first.to).toEqual([
      { pile: 'f0', count: 1 },
      { pile: 't2', count: 1 },
    ]); // DS-7: t2 refilled from the stock
    expect(first.pos.base).toBe(ds.tableau[2]![0]![0]); // DS-3
    expect(first.pos.tableau[2]).toEqual([ds.stock[ds.stock.length - 1]]);
    const dd = dealGame(getGame('double-dot'), 2);
    const deal = rules.play(dd, 'draw');
    if (typeof deal === 'string') throw new Error(deal);
    expect(deal.to.map((t) => t.pile)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']); // DD-7
    expect(deal.pos).toEqual(play(dd, 'draw'));
  });

  it('refuses what is not a move, with a reason', () => {
    const ms = dealGame(getGame('mamy-susan'), 1);
    for (const m of ['', 'x', 't1>>f0', 't10>f0', 'f0>t1', 's>t0', 'w>t0', 't0>t0', 't0:2>t1', '<b>t0</b>']) {
      const r = rules.play(ms, m);
      expect(typeof r, m).toBe('string');
      expect(whyIllegal(ms, m), m).not.toBeNull();
    }
  });

  it('works from its source text alone, as the page runs it', () => {
    const standalone = (new Function(`return (${pageRules.toString()})();`)() as ReturnType<typeof pageRules>).forGame(
      gameToJson(getGame('double-dot')) as unknown as PageGame,
    );
    const report = solveDeal('double-dot', 2);
    let pos = report.position;
    for (const move of report.moves) {
      const r = standalone.play(pos, move);
      if (typeof r === 'string') throw new Error(r);
      pos = r.pos;
    }
    const verdict = replay(report.position, report.moves);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect(pos).toEqual(verdict.final);
  });
});

// A Klondike-like deal played 300 moves, every candidate judged by page and referee: about 3 s on a
// quiet core, past vitest's default 5 s on a loaded one.
describe('the page reads a game it has never seen from the rules it carries', { timeout: 60_000 }, () => {
  it('face-down cards, draws of three, redeals and King-only spaces: the same moves as the referee', () => {
    const deal = [0, 1, 2, 3, 4, 5, 6].flatMap((r) => [
      { row: 't', from: r, to: r },
      ...(r < 6 ? [{ row: 't', from: r + 1, faceDown: true }] : []),
    ]);
    const game = testGame({ tableau: { spaces: 'kings' }, stock: { drawCount: 3, redeals: 1 }, deal }, 'page-test-klondike');
    const page = pageRules().forGame(gameToJson(game) as unknown as PageGame);
    let pos = dealGame(game, 3);
    let redeals = 0;
    let turned = 0;
    // Greedy random play: every candidate judged alike by page and referee, the first legal one played.
    for (let k = 0; k < 300; k++) {
      for (const m of [...candidates(pos), 'redeal'])
        expect(typeof page.play(pos, m) === 'string', `${m} at move ${k}`).toBe(whyIllegal(pos, m) !== null);
      const legal = legalMoves(pos);
      if (legal.length === 0) break;
      const move = legal.find((m) => m !== 'draw' && m !== 'redeal' && !m.startsWith('f')) ?? legal[k % legal.length]!;
      const shown = page.play(pos, move);
      if (typeof shown === 'string') throw new Error(shown);
      const next = play(pos, move);
      expect(shown.pos).toEqual(next);
      if (move === 'redeal') redeals++;
      turned += (pos.faceDown ?? []).reduce((n, d, i) => n + d - next.faceDown![i]!, 0);
      pos = next;
    }
    expect(redeals + turned).toBeGreaterThan(0);
  });
});

describe('the page is safe for any input', () => {
  it('embeds JSON that no string can end early, and reads back the same', () => {
    const hostile = { s: '</script><script>alert(1)</script><!-- \u2028 \u2029 & >' };
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('puts a hostile move string nowhere as markup', () => {
    const position = dealGame(getGame('mamy-susan'), 1);
    const html = renderPage({
      game: 'mamy-susan',
      name: 'Mamy Susan',
      rules: gameToJson(getGame('mamy-susan')) as unknown as PageGame,
      position,
      moves: ['</script><img src=x onerror=alert(1)>'],
    });
    expect(html).not.toContain('<img');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data element's and the script's own
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'/);
    expect(html).not.toMatch(/\bsrc=["']?https?:|href=["']?https?:|@import|url\(/);
  });
});

describe('reading what to show', () => {
  const position = dealGame(getGame('double-dot'), 2);
  const read = (value: unknown): ReturnType<typeof readShownGame> => readShownGame(JSON.stringify(value));

  it('takes a solve result, a played game (position and moves), or a bare position', () => {
    const report = solveDeal('double-dot', 2);
    expect(read(report)).toMatchObject({ game: 'double-dot', name: 'Double Dot', seed: 2, result: 'won', moves: report.moves });
    expect(read({ position, moves: ['draw'] })).toMatchObject({
      game: 'double-dot',
      name: 'Double Dot',
      seed: 2,
      position,
      moves: ['draw'],
    });
    const { seed: _, ...typedIn } = position;
    expect(read(typedIn)).toMatchObject({ game: 'double-dot', name: 'Double Dot', position: typedIn, moves: [] });
    expect(read(typedIn).seed).toBeUndefined();
    expect(read({ position, moves: [], result: 'unknown', stats: { limit: 'nodes' } })).toMatchObject({
      result: 'unknown',
      limit: 'nodes',
    });
  });

  it('refuses anything else with a one-line reason', () => {
    expect(() => readShownGame('{')).toThrow(/not valid JSON/);
    expect(() => read([1])).toThrow(/must be a JSON object/);
    expect(() => read({ moves: [] })).toThrow(/no 'position'/);
    expect(() => read({ position })).toThrow(/'moves' must be a list/);
    expect(() => read({ position, moves: [1] })).toThrow(/'moves' must be a list/);
    expect(() => read({ position, moves: [], result: 'maybe' })).toThrow(/'result' must be/);
    expect(() => read({ position, moves: [], game: 'mamy-susan' })).toThrow(/'game' is "mamy-susan"/);
    expect(() => read({ position, moves: [], seed: 3 })).toThrow(/'seed' is 3/);
    expect(() => read({ position: { ...position, game: 'spider' }, moves: [] })).toThrow(/unknown game 'spider'/);
    expect(() => read({ position: { ...position, stock: [] }, moves: [] })).toThrow(/missing/);
  });
});

describe('patience show on the command line', () => {
  const { file, path } = cliScratchFolder('patience-show-test-');

  it('writes a page from a solve result', () => {
    const result = file('dd.json', solveDeal('double-dot', 2));
    const r = patience('show', result, '--out', path('dd.html'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*dd\.html: double-dot seed 2, won in \d+ moves\n$/);
    expect(readFileSync(path('dd.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('with --out -, the page alone on stdout (the summary line on stderr)', () => {
    const r = patience('show', file('dd-stdout.json', solveDeal('double-dot', 2)), '--out', '-');
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(r.stdout.trimEnd().endsWith('</html>')).toBe(true);
    expect(r.stderr).toMatch(/^wrote -: double-dot seed 2, won in \d+ moves\n$/);
  });

  it('bad input: one line, exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [['show', path('missing.json'), '--out', path('x.html')], /cannot read '.*missing\.json': ENOENT/],
      [['show', file('not.json', { hello: 1 }), '--out', path('x.html')], /no 'position'/],
      [['show', '--game', 'spider', '--seed', '1', '--out', path('x.html')], /unknown game 'spider'/],
      [['show', '--game', 'double-dot', '--seed', 'x', '--out', path('x.html')], /bad seed/],
      [['show', file('y.json', { position: {}, moves: [] })], /--out/],
      [['show', '--out', path('x.html')], /give a FILE/],
      [['show', file('z.json', { position: {}, moves: [] }), '--seed', '1', '--out', path('x.html')], /not both/],
      [['show', file('same.json', { position: {}, moves: [] }), '--out', path('same.json')], /is also an input/],
    ];
    for (const [args, pattern] of cases) {
      const r = patience(...args);
      expectOneLineError(r, pattern);
      expect(r.status, args.join(' ')).toBe(2);
    }
    expect(existsSync(path('x.html'))).toBe(false);
  });

  it('an illegal move: the page is written (it shows the refusal) and the command says so, exit code 2', () => {
    const report = solveDeal('double-dot', 2);
    const moves = [...report.moves.slice(0, 3), 't0>t0', ...report.moves.slice(3)];
    const r = patience('show', file('bad.json', { ...report, moves }), '--out', path('bad.html'));
    expectOneLineError(r, /move 4 't0>t0' is illegal/, /bad\.html/);
    expect(r.status).toBe(2);
    expect(existsSync(path('bad.html'))).toBe(true);
  });
});
