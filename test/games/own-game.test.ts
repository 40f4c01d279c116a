// A game that ships nowhere in the project, written here as a rules file: it deals, solves, plays,
// is replayed by the referee and summarised, through the command line, with no code change.
import { beforeAll, describe, expect, it } from 'vitest';
import { cliScratchFolder, expectOneLineError, patience } from '../support/helpers.js';

const scratch = cliScratchFolder('own-game');

/** A Klondike-like game: face-down cards, draws of two, two redeals, Kings into spaces. */
const RULES = {
  id: 'little-klondike',
  name: 'Little Klondike',
  source: 'written for test/games/own-game.test.ts',
  decks: 1,
  stated: { rate: 0.5, source: 'a guess for the test' },
  foundations: [{ count: 4, start: 1, build: { step: 1, suit: 'same-suit' } }],
  tableau: { count: 6, build: { step: -1, suit: 'alternate-colour' }, runs: 'built', spaces: 'kings' },
  stock: { drawCount: 2, redeals: 2 },
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'f>t'],
  // Row by row: pile r face up, the piles right of it face down.
  deal: [0, 1, 2, 3, 4, 5].flatMap((r) => [{ row: 't', from: r, to: r }, ...(r < 5 ? [{ row: 't', from: r + 1, faceDown: true }] : [])]),
  variants: { 'draw-1': { description: 'one card at a time', rules: { stock: { drawCount: 1 } } } },
};

describe('a game of your own, from a rules file', { timeout: 120_000 }, () => {
  let file = '';
  beforeAll(() => {
    file = scratch.file('little-klondike.json', RULES);
  });

  it('deals with its face-down cards, and `rules` prints it back', () => {
    const deal = patience('deal', '--rules', file, '--seed', '4', '--json');
    expect(deal.status, deal.stderr).toBe(0);
    const pos = JSON.parse(deal.stdout);
    expect(pos.game).toBe('little-klondike');
    expect(pos.faceDown).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pos.redeals).toBe(0);
    expect(pos.tableau.map((p: string[]) => p.length)).toEqual([1, 2, 3, 4, 5, 6]);
    const rules = patience('rules', '--rules', file);
    expect(rules.status, rules.stderr).toBe(0);
    expect(JSON.parse(rules.stdout).tableau.spaces).toBe('kings');
  });

  it('solves, and the result checks under its rules and is refused under others', () => {
    let won: string | undefined;
    for (let seed = 0; seed < 10 && won === undefined; seed++) {
      const r = patience('solve', '--rules', file, '--seed', String(seed), '--json', '--time-limit', '10');
      expect(r.status, r.stderr).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result.rulesHash).toMatch(/^[0-9a-f]{12}$/);
      if (result.result === 'won') won = r.stdout;
    }
    expect(won, 'a won deal among seeds 0..9').toBeDefined();
    const path = scratch.file('won.json', won!);
    const check = patience('check', '--rules', file, path);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^ok: won in \d+ moves/);
    expectOneLineError(patience('check', path), /unknown game 'little-klondike'/);
    expectOneLineError(patience('check', '--rules', file, '--rule', 'tableau.spaces=any', path), /made under other rules/);
    expectOneLineError(
      patience('check', '--game', 'klondike', path),
      /the rules given are klondike's, but the result is a little-klondike result/,
    );
  });

  it('plays (greedy and best), the played game checks and shows, and a win-rate run records its id and rules hash, per variant', () => {
    for (const player of ['greedy', 'best']) {
      const play = patience('play', '--rules', file, '--seed', '2', '--player', player, '--budget', '1', '--json');
      expect(play.status, play.stderr).toBe(0);
      expect(JSON.parse(play.stdout).game).toBe('little-klondike');
      const played = scratch.file(`played-${player}.json`, play.stdout);
      const check = patience('check', '--rules', file, played);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toMatch(/^ok: /);
      const show = patience('show', '--rules', file, played, '--out', scratch.path(`played-${player}.html`));
      expect(show.status, show.stderr).toBe(0);
      // The page would draw the game by other rules than it was played under.
      const other = patience('show', '--rules', file, '--rule', 'tableau.spaces=any', played, '--out', scratch.path('other.html'));
      expectOneLineError(other, /made under other rules/);
    }
    const out = scratch.path('little.csv');
    for (const game of ['little-klondike', 'little-klondike:draw-1']) {
      const r = patience(
        'winrate',
        '--rules',
        file,
        '--game',
        game,
        '--deals',
        '6',
        '--time-limit',
        '2',
        '--workers',
        '2',
        '--out',
        out,
        '--quiet',
      );
      expect(r.status, r.stderr).toBe(0);
    }
    const summary = patience('summary', out);
    expect(summary.status, summary.stderr).toBe(0);
    // Not a built-in game: named by its id and its rules' hash.
    expect(summary.stdout).toMatch(/little-klondike \(rules [0-9a-f]{12}\) +thoughtful +6/);
    expect(summary.stdout).toMatch(/little-klondike:draw-1 \(rules [0-9a-f]{12}\) +thoughtful +6/);
    // Resuming under other rules would mix two rule sets in one study.
    expectOneLineError(
      patience('winrate', '--rules', file, '--rule', 'tableau.spaces=any', '--deals', '6', '--out', out, '--quiet'),
      /other rules/,
    );
  });

  it('a file that breaks the format is refused in one line naming the key', () => {
    let bad = scratch.file('bad.json', { ...RULES, tableau: { ...RULES.tableau, spaces: 'queens' } });
    expectOneLineError(patience('deal', '--rules', bad, '--seed', '1'), /tableau\.spaces: "queens" is not one of 'any', 'kings', 'none'/);
    bad = scratch.file('bad.json', { ...RULES, id: 'mamy-susan' });
    expectOneLineError(patience('deal', '--rules', bad, '--seed', '1'), /built-in game's/);
  });

  it('a rules file that is no JSON, too deep or too large is refused in one line, as every file given', () => {
    expectOneLineError(
      patience('deal', '--rules', scratch.file('text.json', '{ "id": '), '--seed', '1'),
      /rules file .* is not valid JSON/,
    );
    const deep = `{"variants": ${'['.repeat(100)}${']'.repeat(100)}}`;
    expectOneLineError(patience('deal', '--rules', scratch.file('deep.json', deep), '--seed', '1'), /nested more than \d+ levels deep/);
    const large = `{"source": "${'x'.repeat(5 * 2 ** 20)}"}`;
    expectOneLineError(patience('deal', '--rules', scratch.file('large.json', large), '--seed', '1'), /larger than 4 MB/);
    expectOneLineError(patience('deal', '--rules', scratch.file('binary.json', '\u0000\u0001'), '--seed', '1'), /not a rules file/);
  });
});
