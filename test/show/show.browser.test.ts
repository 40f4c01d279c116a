// The pages of `patience show` in a real browser: Debian's headless Chromium driven by
// playwright-core. Pages of all four games (made by the built command line) are stepped to the
// end and back, jumped about with the slider, the keys and the move list, and every position
// shown is compared with the one the engine computes at that move. Without a browser the suite
// is skipped on a developer's machine, and fails when CI is set (.ci/run installs one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual, promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { getGame } from '../../src/games/index.js';
import { greedyPlayer } from '../../src/player/greedy.js';
import { playGame } from '../../src/player/play.js';
import { play, replay } from '../../src/referee/referee.js';
import { CHROMIUM, haveChromium, launchChromium } from '../support/browser.js';
import { BIN, ROOT, requireBuiltCli } from '../support/helpers.js';
import { SHOWN_DEALS, enginePositions, solve, solveDeal } from '../support/show-games.js';

const browserFound = haveChromium();
/** Generous: the machine is shared, and a slow run must not fail for time alone. */
const TIMEOUT = 60_000;
if (!browserFound && !process.env.CI) console.warn(`show.browser.test.ts skipped: no browser at ${CHROMIUM} (apt-get install -y chromium)`);

/** What the page shows, read from its DOM: every pile's cards (`#` face down), the marks, the texts. */
interface Shown {
  step: number;
  counter: string;
  now: string;
  home: string;
  current: number;
  from: string | null;
  /** Per pile: how many of its top cards are marked as just moved. */
  moved: Record<string, number>;
  piles: Record<string, string[]>;
  stock: number;
}

/** Clicks a button `times` times inside the page, reading the table after each click (and once before, with times 0). */
function walk(page: Page, button: 'next' | 'prev' | 'none', times: number): Promise<Shown[]> {
  return page
    .evaluate(
      ([button, times]) => {
        const read = (): Shown => {
          const piles: Record<string, string[]> = {};
          const moved: Record<string, number> = {};
          for (const p of document.querySelectorAll<HTMLElement>('[data-pile]')) {
            const id = p.dataset.pile!;
            piles[id] = [...p.querySelectorAll<HTMLElement>('.card')].map((c) => c.dataset.card ?? '#');
            const n = p.querySelectorAll('.card.moved').length;
            if (n) moved[id] = n;
          }
          const text = (id: string): string => document.getElementById(id)!.textContent!;
          return {
            step: Number(document.body.dataset.step),
            counter: text('counter'),
            now: text('now'),
            home: text('home'),
            current: Number(document.querySelector<HTMLElement>('#moves li.current')?.dataset.step ?? -1),
            from: document.querySelector<HTMLElement>('.pile.from')?.dataset.pile ?? null,
            moved,
            piles,
            stock: Number(document.querySelector<HTMLElement>('[data-pile="s"]')!.dataset.count),
          };
        };
        const out = [read()];
        for (let i = 0; i < times; i++) {
          document.getElementById(button)!.click();
          out.push(read());
        }
        return JSON.stringify(out); // a string crosses to the test much faster than the objects
      },
      [button, times] as const,
    )
    .then((text) => JSON.parse(text) as Shown[]);
}

const snapshot = async (page: Page): Promise<Shown> => (await walk(page, 'none', 0))[0]!;

/** The piles a person sees in a position: a reserve that shows its top only, face down under it; face-down tableau cards. */
function seen(pos: Position): Record<string, string[]> {
  const game = getGame(pos.game);
  const piles: Record<string, string[]> = {};
  pos.foundations.forEach((p, i) => (piles[`f${i}`] = p));
  pos.tableau.forEach((p, i) => (piles[`t${i}`] = p.map((c, k) => (k < (pos.faceDown?.[i] ?? 0) ? '#' : c))));
  pos.reserves.forEach(
    (p, i) => (piles[`r${i}`] = game.reserves[i]!.visible === 'top' ? p.map((c, k) => (k < p.length - 1 ? '#' : c)) : p),
  );
  if (game.stock.draw === 'to-waste') piles.w = pos.waste;
  return piles;
}

/** What the page must mark after move k: the source, and how many cards arrived on which piles. */
function marks(positions: Position[], moves: string[], k: number): { from: string | null; moved: Record<string, number> } {
  if (k === 0) return { from: null, moved: {} };
  const before = positions[k - 1]!;
  const move = moves[k - 1]!;
  if (move === 'draw') {
    if (before.game !== 'double-dot') return { from: 's', moved: { w: 1 } };
    const dealt = Math.min(8, before.stock.length);
    return { from: 's', moved: Object.fromEntries(Array.from({ length: dealt }, (_, t) => [`t${t}`, 1])) };
  }
  const [, src, n, dst] = /^(\w+)(?::(\d+))?>(\w+)$/.exec(move)!;
  const moved: Record<string, number> = { [dst!]: Number(n ?? 1) };
  const emptied = src![0] === 't' && before.tableau[Number(src!.slice(1))]!.length === 1;
  if (before.game === 'double-signora' && emptied && before.stock.length + before.waste.length > 0) moved[src!] = 1; // DS-7
  return { from: src!, moved };
}

/** What the page must show after move k of a line, as `walk` reads it (`now` only by its start). */
function expected(positions: Position[], moves: string[], k: number): Shown {
  const pos = positions[k]!;
  const total = 52 * getGame(pos.game).decks;
  return {
    step: k,
    counter: `move ${k} of ${moves.length}`,
    now: k === 0 ? 'The deal' : `Move ${k}: `,
    home: `Cards home: ${pos.foundations.reduce((n, p) => n + p.length, 0)} of ${total}`,
    current: k,
    ...marks(positions, moves, k),
    piles: { s: pos.stock.length ? ['#'] : [], ...seen(pos) },
    stock: pos.stock.length,
  };
}

/** The page shows move k as the engine computes it: every pile, the stock count, the marks and texts. */
function expectShown(shown: Shown, positions: Position[], moves: string[], k: number, context: string): void {
  const want = expected(positions, moves, k);
  const got = { ...shown, now: shown.now.startsWith(want.now) ? want.now : shown.now };
  // A cheap comparison first (thousands of these per game); the assertion only for a difference.
  if (!isDeepStrictEqual(got, want)) expect(got, `${context}, move ${k}`).toEqual(want);
}

interface Made {
  file: string;
  /** The game as written to the file, or for a page solved by `show` itself, undefined. */
  given?: { position: Position; moves: string[] };
}

if (process.env.CI) {
  it(`CI has the browser the page test needs (${CHROMIUM})`, () => {
    expect(browserFound, `no ${CHROMIUM}: .ci/run installs Debian's chromium when it is missing`).toBe(true);
  });
}

(browserFound || process.env.CI ? describe : describe.skip)('patience show pages in headless Chromium', () => {
  let dir = '';
  let browser: Browser | undefined;
  let page: Page;
  const problems: string[] = [];
  const pages = new Map<string, Made>();

  /** Writes the pages with the built command line, several at a time. */
  async function makePages(): Promise<void> {
    const run = promisify(execFile);
    const jobs: Promise<unknown>[] = [];
    const show = (name: string, args: string[], given?: Made['given'], expectFailure = false): void => {
      const file = join(dir, `${name}.html`);
      pages.set(name, { file, ...(given ? { given } : {}) });
      jobs.push(
        run(process.execPath, [BIN, 'show', ...args, '--out', file], { cwd: ROOT, env: { ...process.env, PATIENCE_DEBUG: '' } }).then(
          () => expect(expectFailure, `${name}: show should have failed`).toBe(false),
          (e: { code?: number; stderr?: string }) => expect([e.code, e.stderr], name).toEqual([2, expect.stringMatching(/illegal/)]),
        ),
      );
    };
    const json = (name: string, value: unknown): string => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(value));
      return file;
    };
    const [firstGame, firstSeed] = SHOWN_DEALS[0];
    show(firstGame, ['--game', firstGame, '--seed', String(firstSeed), '--max-nodes', '5000000', '--time-limit', '0']);
    for (const [game, seed] of SHOWN_DEALS.slice(1)) {
      const report = solveDeal(game, seed);
      show(game, [json(game, report)], report);
    }
    // A typed-in game in progress (no seed): Double Dot 30 moves into a won line, solved by show.
    const dd = solveDeal('double-dot', 2);
    const { seed: _seed, ...middle } = (replay(dd.position, dd.moves.slice(0, 30)) as { final: Position }).final;
    show('typed-in', ['--position', json('middle', middle), '--max-nodes', '5000000', '--time-limit', '0'], undefined);
    pages.get('typed-in')!.given = { position: middle, moves: [] };
    // A played game, as `play --json` writes one: the greedy player on Mamy Susan seed 1.
    const deal = dealGame(getGame('mamy-susan'), 1);
    const played = playGame(deal, greedyPlayer);
    show('played', [json('played', { game: deal.game, seed: 1, position: deal, result: played.result, moves: played.moves })], {
      position: deal,
      moves: played.moves,
    });
    // Undecided: the deal and no moves.
    const unknown = solve(dealGame(getGame('double-signora'), 2), 10);
    expect(unknown.result).toBe('unknown');
    show('unknown', [json('unknown', unknown)], unknown);
    // A line of 400,001 legal moves: a card moved back and forth between two tableau piles.
    const long = dealGame(getGame('mamy-susan'), 0);
    const there = ['t9>t8', 't8>t9'];
    const longMoves = [...Array.from({ length: 400_000 }, (_, i) => there[i % 2]!), there[0]!];
    show('long', [json('long', { game: long.game, seed: 0, position: long, result: 'unknown', moves: longMoves })], {
      position: long,
      moves: longMoves,
    });
    // A line broken at move 6, and a hostile move string after it.
    const ms = solveDeal('mamy-susan', 1);
    const broken = [...ms.moves.slice(0, 5), 't0>t0', '</script><img src=x onerror="window.pwned=1">', ...ms.moves.slice(5)];
    show('broken', [json('broken', { ...ms, moves: broken })], { position: ms.position, moves: broken }, true);
    await Promise.all(jobs);
  }

  beforeAll(async () => {
    if (!browserFound) throw new Error(`no browser at ${CHROMIUM} and CI is set: install Debian's chromium (.ci/run does)`);
    requireBuiltCli();
    dir = mkdtempSync(join(tmpdir(), 'patience-show-browser-'));
    const launched = launchChromium();
    await makePages();
    browser = await launched;
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    // The page must load nothing: any request but the file itself is recorded and refused.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') && url.endsWith('.html')) return route.continue();
      problems.push(`request: ${url}`);
      return route.abort();
    });
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a page; returns the game it carries and (for a line the engine can play) the engine's positions along its moves. */
  async function open(
    name: string,
    legal = true,
  ): Promise<{ moves: string[]; positions: Position[]; data: { position: Position; moves: string[]; result?: string } }> {
    await page.goto(pathToFileURL(pages.get(name)!.file).href);
    const data = JSON.parse((await page.textContent('#game-data'))!) as { position: Position; moves: string[]; result?: string };
    return { moves: data.moves, positions: legal ? enginePositions(data.position, data.moves) : [], data };
  }

  /** Steps the whole line forward and back with the buttons, checking every position against the engine. */
  async function stepThrough(name: string, positions: Position[], moves: string[]): Promise<void> {
    const last = moves.length;
    const forward = await walk(page, 'next', last + 1); // one click past the end stays there
    forward.forEach((shown, i) => expectShown(shown, positions, moves, Math.min(i, last), `${name} forward`));
    const back = await walk(page, 'prev', last + 1);
    back.forEach((shown, i) => expectShown(shown, positions, moves, Math.max(last - i, 0), `${name} back`));
  }

  for (const [game] of SHOWN_DEALS) {
    it(
      `${game}: steps to the end and back, jumps with the slider, keys and move list; every position as the engine computes it; all cards home at the end`,
      async () => {
        const { moves, positions, data } = await open(game);
        const given = pages.get(game)!.given;
        if (given) {
          expect(data.position).toEqual(given.position);
          expect(moves).toEqual(given.moves);
        } else {
          // solved by `show --game --seed` itself: the deal of that seed, and a line the referee accepts
          expect(data.position).toEqual(dealGame(getGame(game), SHOWN_DEALS[0][1]));
          expect(replay(data.position, moves)).toMatchObject({ ok: true, won: true });
        }
        const last = moves.length;
        const total = 52 * getGame(game).decks;
        expect(await page.textContent('#verdict')).toBe(`Won: all ${total} cards home after ${last} moves.`);
        expect(await page.title()).toMatch(new RegExp(`^${getGame(game).name}, seed \\d+: won$`));
        await stepThrough(game, positions, moves);

        for (const k of [Math.floor(last / 3), last, 0, Math.floor((2 * last) / 3)]) {
          await page.locator('#slider').fill(String(k));
          expectShown(await snapshot(page), positions, moves, k, `${game} slider`);
        }
        const k = Math.floor((2 * last) / 3);
        const keys: [string, number][] = [
          ['ArrowRight', k + 1],
          ['ArrowRight', k + 2],
          ['ArrowLeft', k + 1],
          ['End', last],
          ['Home', 0],
          ['ArrowLeft', 0],
        ];
        for (const [key, at] of keys) {
          await page.keyboard.press(key);
          expectShown(await snapshot(page), positions, moves, at, `${game} key ${key}`);
        }
        const clicks: [string, number][] = [
          ['#next', 1],
          ['#last', last],
          ['#prev', last - 1],
          ['#first', 0],
          ['#moves li[data-step="7"]', 7],
        ];
        for (const [selector, at] of clicks) {
          await page.click(selector);
          expectShown(await snapshot(page), positions, moves, at, `${game} click ${selector}`);
        }
        await page.click('#last');
        const end = await snapshot(page);
        const home = Object.entries(end.piles)
          .filter(([id]) => id[0] === 'f')
          .reduce((n, [, cards]) => n + cards.length, 0);
        expect(home).toBe(total);
        expect(
          Object.entries(end.piles)
            .filter(([id]) => id[0] !== 'f')
            .every(([, cards]) => cards.length === 0),
        ).toBe(true);
        expect(end.stock).toBe(0);
        expect(end.home).toBe(`Cards home: ${total} of ${total}`);
        expect(problems).toEqual([]);
      },
      TIMEOUT,
    );
  }

  it(
    'play and pause at a chosen speed',
    async () => {
      const { moves } = await open('double-dot');
      await page.selectOption('#speed', '60');
      await page.click('#play');
      expect(await page.textContent('#play')).toMatch(/Pause/);
      await page.waitForFunction(() => Number(document.body.dataset.step) >= 10);
      await page.click('#play');
      expect(await page.textContent('#play')).toMatch(/Play/);
      const paused = (await snapshot(page)).step;
      expect(paused).toBeGreaterThanOrEqual(10);
      expect(paused).toBeLessThan(moves.length);
      await page.waitForTimeout(150);
      expect((await snapshot(page)).step).toBe(paused);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(' '); // space plays and pauses too
      await page.waitForFunction((p) => Number(document.body.dataset.step) > p, paused);
      await page.keyboard.press(' ');
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a typed-in game in progress, solved by show --position',
    async () => {
      const { moves, positions, data } = await open('typed-in');
      expect(data.position).toEqual(pages.get('typed-in')!.given!.position);
      expect(data.result).toBe('won');
      expect(await page.textContent('#title')).toBe('Double Dot');
      await stepThrough('typed-in', positions, moves);
      await page.click('#last');
      expect((await snapshot(page)).home).toBe('Cards home: 52 of 52');
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a played game (position, moves and result, as play --json gives)',
    async () => {
      const { moves, positions, data } = await open('played');
      expect(moves).toEqual(pages.get('played')!.given!.moves);
      await stepThrough('played', positions, moves);
      const home = positions[moves.length]!.foundations.reduce((n, p) => n + p.length, 0);
      expect(await page.textContent('#verdict')).toBe(
        data.result === 'won'
          ? `Won: all 104 cards home after ${moves.length} moves.`
          : `Lost: the game ends after ${moves.length} moves with ${home} of 104 cards home.`,
      );
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'an unknown result shows the deal and says so',
    async () => {
      const { positions, moves } = await open('unknown');
      expect(moves).toEqual([]);
      expect(await page.textContent('#verdict')).toMatch(
        /^Unknown: the solver reached its nodes limit before deciding, so there is no solution to show/,
      );
      expectShown(await snapshot(page), positions, moves, 0, 'unknown');
      await page.keyboard.press('ArrowRight');
      expect((await snapshot(page)).step).toBe(0);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a line of 400,001 moves opens at once, lists the moves around the current one, and reaches every position',
    async () => {
      const t0 = Date.now();
      const { moves, data } = await open('long', false);
      expect((await snapshot(page)).step).toBe(0);
      expect(Date.now() - t0).toBeLessThan(20_000);
      const oneMove = [data.position, play(data.position, moves[0]!)];
      const at = async (k: number): Promise<void> => {
        const shown = await snapshot(page);
        expect(shown.step).toBe(k);
        expect(shown.current).toBe(k);
        expect(shown.counter).toBe(`move ${k} of ${moves.length}`);
        expect(shown.piles).toEqual(expected(oneMove, moves.slice(0, 1), k % 2).piles);
      };
      expect(await page.locator('#moves li').count()).toBe(2000);
      await page.keyboard.press('End');
      await at(400_001);
      await page.keyboard.press('ArrowLeft');
      await at(400_000);
      expect(await page.locator('#moves li').count()).toBe(2000);
      // The slider jumps anywhere; the list follows, and an item in it jumps back.
      await page.evaluate(() => {
        const slider = document.getElementById('slider') as HTMLInputElement;
        slider.value = '123457';
        slider.dispatchEvent(new Event('input'));
      });
      await at(123_457);
      await page.click('#moves li[data-step="123000"]');
      await at(123_000);
      await walk(page, 'next', 300);
      await at(123_300);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a move the rules do not allow is refused visibly, and a hostile move string stays text',
    async () => {
      const { moves } = await open('broken', false);
      const { position } = pages.get('broken')!.given!;
      const positions = [position];
      for (const m of moves.slice(0, 5)) positions.push(play(positions[positions.length - 1]!, m));
      expect(await page.textContent('#verdict')).toMatch(/^Move 6 \(t0>t0\) is refused: .*The page shows the game up to move 5\.$/);
      expect(await page.getAttribute('#verdict', 'class')).toMatch(/bad/);
      expect(await page.textContent('#moves li.refused code')).toBe('t0>t0');
      expect(await page.textContent('#moves li.unplayed code')).toBe(moves[6]);
      const shown = await walk(page, 'next', 7);
      shown.forEach((s, i) => expectShown(s, positions, moves.slice(0, 5), Math.min(i, 5), 'broken'));
      expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator('img').count()).toBe(0);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );
});
