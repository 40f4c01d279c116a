// Helpers shared by the test files (not a test file itself: vitest only runs *.test.ts).
import { afterAll, beforeAll, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RANKS, SUITS } from '../../src/notation/cards.js';
import { dealGame } from '../../src/position/deal.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { compileGame, type CompiledGame } from '../../src/engine/game.js';
import { applyMove, isLegal, parseMove, undoMove } from '../../src/engine/moves.js';
import { State } from '../../src/engine/state.js';
import { addGames, getGame, type Game } from '../../src/games/index.js';
import { merge, readGameFile } from '../../src/games/read.js';
import { greedyPlayer } from '../../src/player/greedy.js';
import { playGame } from '../../src/player/play.js';
import { play } from '../../src/referee/referee.js';

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a small seeded PRNG, floats in [0, 1); deterministic, so failures repeat. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `xs` in an order drawn from `rng` (Fisher-Yates). */
export function shuffled<T>(rng: () => number, xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Positions

/** The engine's compiled form of the game with this id. */
export const compiled = (gameId: string): CompiledGame => compileGame(getGame(gameId));

/** An engine state holding the position. */
export const stateOf = (p: Position): State => State.fromPosition(compiled(p.game), p);

/** A position checked as the tool checks input (card counts, pile limits, foundations). */
export const valid = (p: Position): Position => readPosition(JSON.stringify(p));

/** A deep copy of a position, to change without touching the original. */
export const clone = (p: Position): Position => structuredClone(p);

/** The rank of 1 (A) to 13 (K), counted round the 13 ranks for any other n (14 is A again). */
export const rank = (n: number): string => RANKS[(((n - 1) % 13) + 13) % 13]!;

/** Mamy Susan: f0..f7 hold clubs, diamonds, hearts, spades, twice; `heights[i]` cards A up. */
export function mamySusan(heights: number[], piles: { t: string[][]; r?: string[]; waste?: string[]; stock?: string[] }): Position {
  const suits = 'CDHSCDHS';
  return valid({
    game: 'mamy-susan',
    foundations: heights.map((h, i) => Array.from({ length: h }, (_, k) => rank(k + 1) + suits[i]!)),
    tableau: Array.from({ length: 10 }, (_, i) => piles.t[i] ?? []),
    reserves: [piles.r ?? []],
    stock: piles.stock ?? [],
    waste: piles.waste ?? [],
  });
}

/**
 * Mamy Susan, lost: every K sits on a Q of its suit, both Qs of each suit under Ks, so no K can
 * go home and (no pile is empty, nothing takes a K) none can move. The two JH need a TH home,
 * and the TH lie under them. Only the reserve JS can move (home); then nothing can.
 */
export const mamySusanLost = (): Position =>
  mamySusan([11, 11, 9, 10, 11, 11, 9, 11], {
    t: [
      ['QC', 'KC'],
      ['QC', 'KC'],
      ['QD', 'KD'],
      ['QD', 'KD'],
      ['QH', 'KH'],
      ['QH', 'KH'],
      ['QS', 'KS'],
      ['QS', 'KS'],
      ['TH', 'JH'],
      ['TH', 'JH'],
    ],
    r: ['JS'],
  });

/** Mamy Susan six moves from won: QC and KC on t7 and t2, KH in the reserve, KS on the waste, KD in the stock. */
export function nearlyWonMamySusan(): Position {
  const foundations = [0, 1, 2, 3, 0, 1, 2, 3].map((s) => [...RANKS].map((r) => r + SUITS[s]!));
  const take = (f: number, n: number): string[] => foundations[f]!.splice(13 - n, n);
  const tableau: string[][] = Array.from({ length: 10 }, () => []);
  const [qc, kc] = take(0, 2) as [string, string];
  tableau[2] = [kc];
  tableau[7] = [qc];
  return valid({ game: 'mamy-susan', foundations, tableau, reserves: [take(2, 1)], stock: take(1, 1), waste: take(3, 1) });
}

/** A line that wins nearlyWonMamySusan(). */
export const NEARLY_WON_MAMY_SUSAN_LINE: readonly string[] = ['t7>f0', 't2>f0', 'r0>f2', 'w>f3', 'draw', 'w>f1'];

// ---------------------------------------------------------------------------------------------
// The engine beside the referee

/**
 * Every move string between the piles of a position, legal or not: every pile to every pile
 * (the stock and a waste the game may not have included), runs from every tableau pile of 2 up
 * to one card more than the pile holds (at least 4), and draw. Only one spelling of each move.
 */
export function candidates(p: Position): string[] {
  const ids = [
    's',
    'w',
    ...p.foundations.map((_, i) => `f${i}`),
    ...p.tableau.map((_, i) => `t${i}`),
    ...p.reserves.map((_, i) => `r${i}`),
  ];
  const out = ['draw'];
  for (const a of ids) {
    for (const b of ids) {
      out.push(`${a}>${b}`);
      const height = a[0] === 't' ? p.tableau[Number(a.slice(1))]!.length : -1;
      for (let n = 2; height >= 0 && n <= Math.max(height + 1, 4); n++) out.push(`${a}:${n}>${b}`);
    }
  }
  return out;
}

/** The engine's position after `move` (which it must take as legal); also checks that undoing it restores the position. */
export function enginePlay(pos: Position, move: string): Position {
  const s = stateOf(pos);
  const before = s.toPosition();
  const m = parseMove(s.rules, move);
  if (m < 0 || !isLegal(s, m)) throw new Error(`engine refuses ${move}`);
  applyMove(s, m);
  const after = s.toPosition();
  undoMove(s);
  expect(s.toPosition(), `engine undo of ${move}`).toEqual(before);
  return after;
}

// ---------------------------------------------------------------------------------------------
// The built command line (bin/patience.js runs dist/, built by `npx tsc -p .`; npm test does)

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'patience.js');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `patience ...args` in the project folder, without PATIENCE_DEBUG (so no stack traces). */
export function patience(...args: string[]): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATIENCE_DEBUG: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Bad input: a non-zero exit (not a signal or a timeout), exactly one line on stderr, starting
 * with `patience: `, no stack trace, no "internal error", and that line matching every pattern.
 */
export function expectOneLineError(r: Run, ...patterns: RegExp[]): void {
  const context = `stdout: ${r.stdout}\nstderr: ${r.stderr}`;
  expect(r.status, context).not.toBe(0);
  expect(r.status, context).not.toBeNull();
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, context).toHaveLength(1);
  expect(r.stderr.trimEnd().split('\n'), context).toHaveLength(1);
  expect(r.stderr, context).toMatch(/^patience: /);
  expect(lines[0], context).toMatch(/^patience: /);
  expect(r.stderr, context).not.toMatch(/^\s*at /m);
  expect(r.stderr, context).not.toMatch(/internal error/);
  for (const p of patterns) {
    expect(lines[0], context).toMatch(p);
    expect(r.stderr, context).toMatch(p);
  }
}

/**
 * A solve result (FORMATS.md) as `check` reads it: `moves` from `position` claimed to end
 * `outcome`, the position's seed (if it has one) at the top too, then `extra`.
 */
export const solveResult = (
  position: Position,
  moves: readonly string[],
  outcome = 'won',
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  game: position.game,
  ...(position.seed !== undefined ? { seed: position.seed } : {}),
  position,
  result: outcome,
  moves,
  stats: { nodes: 1, ms: 0.1 },
  ...extra,
});

/** Throws unless dist/ has been built: the command line runs it. */
export function requireBuiltCli(): void {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) {
    throw new Error('dist/ is missing: run `npx tsc -p .` (npm test does) before the CLI tests');
  }
}

export interface ScratchFolder {
  /** The path of `name` in the folder. */
  path(name: string): string;
  /** Writes `content` (a string as it is, anything else as JSON) to `name`; returns its path. */
  file(name: string, content: unknown): string;
}

/**
 * For the suite it is called in: before its tests, checks that dist/ is built and makes a fresh
 * temporary folder named from `prefix`; after them, removes the folder.
 */
export function cliScratchFolder(prefix: string): ScratchFolder {
  let dir = '';
  beforeAll(() => {
    requireBuiltCli();
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const path = (name: string): string => join(dir, name);
  const file = (name: string, content: unknown): string => {
    const p = path(name);
    writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };
  return { path, file };
}

/**
 * The position `back` moves before the end of the greedy player's game of a deal: a game in
 * progress, so without the deal's seed (a position that gives a seed must be that fresh deal).
 */
export function lateGreedyPosition(game: string, seed: number, back: number): Position {
  const deal = dealGame(getGame(game), seed);
  const played = playGame(deal, greedyPlayer);
  expect(played.result).toBe('lost');
  let position = deal;
  for (const move of played.moves.slice(0, played.moves.length - back)) position = play(position, move);
  const { seed: _dealt, ...inProgress } = position;
  return inProgress;
}

/** A one-deck game for rule tests: Ace foundations in suit, seven piles built down in alternate colour, a waste; one card dealt, so a typed-in position may hold up to 51 in the stock. */
export const TEST_RULES = {
  id: 'test-base',
  name: 'Test',
  source: 'written for the rule tests',
  decks: 1,
  foundations: [{ count: 4, start: 1, build: { step: 1, suit: 'same-suit' } }],
  tableau: { count: 7, build: { step: -1, suit: 'alternate-colour' }, runs: 'built', spaces: 'any' },
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'f>t'],
  deal: [{ pile: 't0', cards: 1 }],
};

let testGames = 0;
/** TEST_RULES changed by `patch` (merged as a variant is), read, and added to the known games under a new id starting `prefix`. */
export function testGame(patch: Record<string, unknown>, prefix = 'test-rules'): Game {
  const g = readGameFile(merge({ ...TEST_RULES, id: `${prefix}-${++testGames}` }, patch), 'test').game;
  addGames([g]);
  return g;
}
