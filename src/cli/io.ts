// Shared plumbing of the commands: reading files and flags, and turning errors into one line.
import { availableParallelism } from 'node:os';
import { UsageError } from '../errors.js';
import { dealGame, seedMismatch } from '../position/deal.js';
import { parseSeed, readPosition, type Position } from '../position/position.js';
import type { Command } from 'commander';
import { resolveGame, type Game } from '../games/index.js';
import { parseUserJson, printable, readJsonFile } from '../files.js';

/** The flags that choose a game's rules. */
export interface RulesFlags {
  game?: string;
  rules?: string;
  rule?: string[];
}

/** Adds `--rules FILE` and `--rule key=value` (repeatable) to a command. */
export function rulesOptions(cmd: Command): Command {
  return cmd
    .option('--rules <file>', 'a rules file: a game of your own (docs/rules.md; `patience rules --game G` prints one to start from)')
    .option(
      '--rule <key=value>',
      'change one rule for this run, e.g. --rule stock.redeals=unlimited (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [],
    );
}

/** The game the flags choose (`--game GAME:VARIANT`, `--rules FILE`, `--rule key=value`), or undefined if they choose none. */
export function gameFromFlags(opts: RulesFlags): Game | undefined {
  if (opts.game === undefined && opts.rules === undefined && !opts.rule?.length) return undefined;
  return resolveGame({
    ...(opts.game !== undefined ? { game: opts.game.trim() } : {}),
    ...(opts.rules !== undefined ? { rulesFile: opts.rules } : {}),
    rules: opts.rule ?? [],
  });
}

/**
 * The rules a file that names its game (a solve result, a played game: `text`) is read under: the
 * flags' (`--rules FILE`, `--rule key=value`, with or without `--game`) for the game it names, or
 * undefined where the flags choose none (the file is then read under its game's built-in rules).
 */
export function gameForFile(opts: RulesFlags, text: string, what: string): Game | undefined {
  const raw = parseUserJson(text, what) as { game?: unknown; position?: { game?: unknown } } | null;
  const named = typeof raw?.game === 'string' ? raw.game : typeof raw?.position?.game === 'string' ? raw.position.game : undefined;
  const game = gameFromFlags(opts.game === undefined && named !== undefined ? { ...opts, game: named } : opts);
  if (game !== undefined && named !== undefined && named !== game.id)
    throw new UsageError(`the rules given are ${game.id}'s, but the ${what} is a ${named} ${what}`);
  return game;
}

/** A position from `--position FILE`, or dealt from `--game G --seed N`. */
export function positionFromFlags(opts: RulesFlags & { seed?: string; position?: string }): Position {
  const game = gameFromFlags(opts);
  if (opts.position !== undefined) {
    if (opts.seed !== undefined) throw new UsageError('give either --position or --seed, not both');
    const pos = readPosition(readJsonFile(opts.position, 'position'));
    const mismatch = seedMismatch(pos);
    if (mismatch !== null) throw new UsageError(`${opts.position}: ${mismatch}; leave 'seed' out of a typed-in position`);
    if (game !== undefined && game.id !== pos.game) {
      throw new UsageError(`the rules given are ${game.id}'s, but the position is a ${pos.game} position`);
    }
    return pos;
  }
  if (game === undefined) throw new UsageError('give --game (and --seed), or --position FILE');
  if (opts.seed === undefined) throw new UsageError('give --seed N (or --position FILE)');
  return dealGame(game, parseSeed(opts.seed));
}

/** A whole number flag within bounds, or a one-line error naming the flag. */
export function intFlag(name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}, not '${value}'`,
    );
  }
  return Number(value);
}

/** A number of seconds (`2`, `0.5`, `00`); 0 (however written) means no limit. A one-line error otherwise. */
export function secondsFlag(name: string, value: string): number {
  const n = Number(value);
  if (!/^\s*(\d+\.?\d*|\.\d+)\s*$/.test(value) || !Number.isFinite(n))
    throw new UsageError(`${name} must be a number of seconds (0: no limit), not '${value}'`);
  return n;
}

/** Runs a command body; a UsageError (bad input) becomes one line on stderr and exit code 2. */
export async function run(body: () => void | Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`patience: ${oneLine(e.message)}\n`);
      process.exitCode = 2;
    } else {
      const err = e as Error;
      process.stderr.write(`patience: internal error: ${oneLine(err.message)}\n`);
      if (process.env.PATIENCE_DEBUG) process.stderr.write(`${err.stack}\n`);
      process.exitCode = 70;
    }
  }
}

/** A word of a message longer than this is input echoed back (a game id, a move, a path): it is cut. */
const MAX_WORD = 200;
/** A message longer than this keeps its start and its end (the reason), cut in the middle. */
const MAX_LINE = 2000;

/**
 * A message as one line safe for a terminal and of bounded length: whitespace runs become one
 * space, control characters escapes, and input echoed back at length is cut, saying how long it was.
 */
function oneLine(text: string): string {
  const words = printable(text.replace(/\s+/g, ' ').trim()).replace(
    new RegExp(`[^ ]{${MAX_WORD + 1},}`, 'g'),
    (word) => `${word.slice(0, MAX_WORD / 2)}... (${word.length} characters)`,
  );
  return words.length <= MAX_LINE ? words : `${words.slice(0, MAX_LINE / 2)} ... ${words.slice(-MAX_LINE / 4)}`;
}

/** A warning or a note on stderr, as one line. */
export function warn(message: string): void {
  process.stderr.write(`patience: ${oneLine(message)}\n`);
}

/**
 * A number of threads (--workers, --threads; absent: one a core), at most the available
 * parallelism: more threads than cores only slow each one down, and under a time limit that
 * turns deals unknown, silently changing the results. Above it: cut to it, with a warning.
 */
export function threadCount(flag: string, text: string | undefined): number {
  const cores = availableParallelism();
  if (text === undefined) return cores;
  const asked = intFlag(flag, text, 1, 1024);
  if (asked <= cores) return asked;
  warn(
    `${flag} ${asked} is more than the ${cores} available core(s): using ${cores} (more threads would slow every deal and, under a time limit, change results)`,
  );
  return cores;
}
