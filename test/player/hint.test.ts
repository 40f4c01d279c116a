// `patience hint` and `patience play --json` on typed-in positions of every game, `play` on a
// closed pipe, and `patience compare`. The command line runs dist/ (npm test builds it).
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { dealGame } from '../../src/position/deal.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { seedGames, getGame } from '../../src/games/index.js';
import { legalMoves, replay } from '../../src/referee/referee.js';
import { greedyPlayer } from '../../src/player/greedy.js';
import { playGame } from '../../src/player/play.js';
import { BIN, ROOT, cliScratchFolder, expectOneLineError, mamySusan, patience } from '../support/helpers.js';

const scratch = cliScratchFolder('patience-hint-');

/** A game in progress as a user would type it in: a deal after some greedy moves, no seed. */
function inProgress(gameId: string, seed: number, moves: number): Position {
  const deal = dealGame(getGame(gameId), seed);
  const played = playGame(deal, greedyPlayer).moves.slice(0, moves);
  const v = replay(deal, played);
  if (!v.ok) throw new Error(`greedy move ${v.index + 1} is illegal: ${v.reason}`);
  const { seed: _seed, ...typed } = v.final;
  return readPosition(JSON.stringify(typed));
}

// The README's Mamy Susan position: six moves from a win, whatever the hidden cards.
const upTo = (n: number, suit: string): string[] =>
  'A23456789TJQK'
    .slice(0, n)
    .split('')
    .map((r) => r + suit);
const nearWin = readPosition(
  JSON.stringify({
    game: 'mamy-susan',
    foundations: [upTo(12, 'C'), upTo(11, 'C'), upTo(13, 'D'), upTo(13, 'D'), upTo(13, 'H'), upTo(12, 'H'), upTo(13, 'S'), upTo(12, 'S')],
    tableau: [['KC'], ['QC', 'KH'], [], [], [], [], [], [], [], []],
    reserves: [['KS']],
    stock: ['KC'],
    waste: [],
  }),
);

describe('patience hint', () => {
  for (const game of seedGames()) {
    it(`${game.id}, a game in progress: a legal move and the share of samples won after it`, { timeout: 60_000 }, () => {
      const pos = inProgress(game.id, 4, 12);
      const file = scratch.file(`${game.id}.json`, pos);
      const r = patience('hint', '--position', file, '--json', '--budget', '1');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const hint = JSON.parse(r.stdout);
      expect(hint).toMatchObject({ game: game.id, player: 'best-b1-s1', won: false });
      expect(hint.seed).toBeUndefined();
      expect(legalMoves(pos)).toContain(hint.move);
      expect(hint.legal).toBeGreaterThan(1);
      expect(hint.legal).toBeLessThanOrEqual(legalMoves(pos).length);
      expect(hint.samples).toBeGreaterThan(0);
      expect(hint.wonAfter).toBeGreaterThanOrEqual(0);
      expect(hint.wonAfter).toBeLessThanOrEqual(hint.samples);
      expect(hint.share).toBeCloseTo(hint.wonAfter / hint.samples, 10);
      const text = patience('hint', '--position', file, '--budget', '1');
      expect(text.status).toBe(0);
      const lines = text.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe(`${game.id}: best-b1-s1 player`);
      expect(lines[1]).toMatch(new RegExp(`^move: .+  \\[${hint.move.replace(/[>:]/g, '\\$&')}\\]$`));
      expect(lines[2]).toBe(
        `won after it in ${hint.wonAfter} of ${hint.samples} samples (${(100 * hint.share).toFixed(0)} %): an estimate of the chance to win from here`,
      );
    });
  }

  it('six moves from a win: every sample is won after the move, and the move starts a win', () => {
    const r = patience('hint', '--position', scratch.file('near-win.json', nearWin), '--json');
    expect(r.status).toBe(0);
    const hint = JSON.parse(r.stdout);
    expect(hint.samples).toBeGreaterThan(0);
    expect(hint.wonAfter).toBe(hint.samples);
    expect(hint.share).toBe(1);
    const after = replay(nearWin, [hint.move]);
    expect(after.ok).toBe(true);
    const rest = playGame(after.ok ? after.final : nearWin, greedyPlayer);
    expect(rest.result).toBe('won');
  });

  it('nothing hidden, a win through the empty piles: every sample is won after the move', () => {
    const open = mamySusan([9, 13, 9, 13, 13, 13, 13, 13], {
      t: [
        ['TC', 'KC'],
        ['TH', 'KH'],
        ['QC', 'QH', 'JC', 'JH'],
      ],
    });
    const r = patience('hint', '--position', scratch.file('open.json', open), '--json');
    expect(r.status).toBe(0);
    const hint = JSON.parse(r.stdout);
    expect(legalMoves(open)).toContain(hint.move);
    expect(hint.samples).toBeGreaterThan(0);
    expect(hint.share).toBe(1);
  });

  it('a won game: no move, and the text says so', () => {
    const won = {
      game: 'mamy-susan',
      foundations: ['C', 'D', 'H', 'S', 'C', 'D', 'H', 'S'].map((suit) => upTo(13, suit)),
      tableau: Array.from({ length: 10 }, () => []),
      reserves: [[]],
      stock: [],
      waste: [],
    };
    const file = scratch.file('won.json', won);
    expect(JSON.parse(patience('hint', '--position', file, '--json').stdout)).toMatchObject({
      won: true,
      move: null,
      legal: 0,
      samples: 0,
      share: null,
    });
    expect(patience('hint', '--position', file).stdout).toContain('the game is won');
  });

  it('bad input: one line, exit 2', { timeout: 60_000 }, () => {
    const bad = scratch.file('bad.json', '{"game": "mamy-susan", "foundations": [');
    for (const args of [
      ['hint', '--position', bad],
      ['hint', '--position', scratch.path('missing.json')],
      ['hint', '--game', 'double-dot', '--seed', '1', '--budget', '9'],
      ['hint', '--game', 'double-dot', '--seed', '1', '--player', 'greedy'],
      ['hint', '--game', 'nothing', '--seed', '1'],
    ]) {
      const r = patience(...args);
      expectOneLineError(r);
      expect(r.status, args.join(' ')).toBe(2);
    }
  });
});

describe('patience play --json', () => {
  for (const game of seedGames()) {
    it(`${game.id}, a game in progress: the starting position, the moves, the result, as the referee replays them`, {
      timeout: 60_000,
    }, () => {
      const pos = inProgress(game.id, 6, 15);
      const r = patience('play', '--position', scratch.file(`play-${game.id}.json`, pos), '--json', '--budget', '1');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
      const played = JSON.parse(r.stdout);
      expect(played).toMatchObject({ game: game.id, player: 'best-b1-s1' });
      expect(played.seed).toBeUndefined();
      expect(played.position).toEqual(pos);
      expect(['won', 'lost']).toContain(played.result);
      const v = replay(readPosition(JSON.stringify(played.position)), played.moves);
      expect(v.ok).toBe(true);
      expect(v.ok && v.won).toBe(played.result === 'won');
    });
  }

  it('a dealt game carries its seed, and the greedy player plays as in the library', () => {
    const r = patience('play', '--game', 'double-dot', '--seed', '3', '--player', 'greedy', '--json');
    expect(r.status).toBe(0);
    const played = JSON.parse(r.stdout);
    expect(played).toMatchObject({ game: 'double-dot', seed: 3, player: 'greedy', position: dealGame(getGame('double-dot'), 3) });
    expect(played.moves).toEqual(playGame(dealGame(getGame('double-dot'), 3), greedyPlayer).moves);
  });

  it('stops quietly when its output is closed (| head)', { timeout: 60_000 }, () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `node ${JSON.stringify(BIN)} play --game double-signora --seed 2 --budget 5 | head -n 2; echo "play exit \${PIPESTATUS[0]}" >&2`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 50_000 },
    );
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr.trim()).toBe('play exit 0');
  });

  it('bad input: one line, exit 2', { timeout: 60_000 }, () => {
    for (const args of [
      ['play', '--game', 'double-dot', '--seed', 'x', '--json'],
      ['play', '--game', 'double-dot', '--seed', '1', '--budget', '0'],
      ['play', '--position', scratch.path('missing.json'), '--json'],
    ]) {
      const r = patience(...args);
      expectOneLineError(r);
      expect(r.status, args.join(' ')).toBe(2);
    }
  });
});

describe('patience compare', () => {
  it('one line a game: thoughtful, each player and the stated figure, with intervals', () => {
    const r = patience('compare', 'results/thoughtful.csv', 'results/greedy.csv', '--note', 'a note');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^game\s+thoughtful \(all cards known\)\s+greedy \(sees what a person sees\)\s+stated$/);
    const ds = lines.find((l) => l.startsWith('double-signora'))!;
    expect(ds).toMatch(/^double-signora\s+[\d.-]+ % \[[\d.]+, [\d.]+\] n=\d+\s+11\.8 % \[9\.9, 13\.9\] n=1000\s+20 %$/);
    expect(lines.filter((l) => seedGames().some((g) => l.startsWith(`${g.id} `)))).toHaveLength(4);
    expect(lines.at(-1)).toBe('a note');
  });
});
