// Helpers shared by the test files (not a test file itself: vitest only runs *.test.ts).
import { afterAll, beforeAll, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RANKS } from '../src/cards.js';
import { dealGame, readPosition, type Position } from '../src/deal.js';
import { compileGame, type CompiledGame } from '../src/engine/game.js';
import { State } from '../src/engine/state.js';
import { getGame } from '../src/games/index.js';
import { greedyPlayer } from '../src/player/greedy.js';
import { playGame } from '../src/player/play.js';
import { play } from '../src/referee.js';

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

// ---------------------------------------------------------------------------------------------
// Positions

/** The engine's compiled form of the game with this id. */
export const compiled = (gameId: string): CompiledGame => compileGame(getGame(gameId));

/** An engine state holding the position. */
export const stateOf = (p: Position): State => State.fromPosition(compiled(p.game), p);

/** A position checked as the tool checks input (card counts, pile limits, foundations). */
export const valid = (p: Position): Position => readPosition(JSON.stringify(p));

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

// ---------------------------------------------------------------------------------------------
// The built command line (bin/patience.js runs dist/, built by `npx tsc -p .`; npm test does)

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'patience.js');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `patience ...args` in the project folder, without PATIENCE_DEBUG (so no stack traces). */
export function patience(...args: string[]): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, PATIENCE_DEBUG: '' } });
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
