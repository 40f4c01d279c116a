// The games the tool knows: the rules files in rules/ (their order and sets in rules/index.json),
// and any the command line adds for this run (`--rules FILE`, `--rule key=value`), which worker
// threads are handed so that they read the same rules.
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { parseUserJson, readJsonFile } from '../files.js';
import { applyRule, merge, readGameFile, rulesHash } from './read.js';
import type { Game, GameFile } from './types.js';

export type { Game, GameFile } from './types.js';

const RULES_DIR = new URL('../../rules/', import.meta.url);

interface Catalog {
  /** Game id to its file's JSON and what the reader made of it. */
  files: Map<string, { raw: Record<string, unknown>; file: GameFile }>;
  /** The sets of rules/index.json: `seed-games` (the four of RULES.md), `siblings`, `measured-elsewhere`. */
  sets: Record<string, string[]>;
}

let catalog: Catalog | undefined;

function load(): Catalog {
  if (catalog) return catalog;
  const index = JSON.parse(readFileSync(new URL('index.json', RULES_DIR), 'utf8')) as Record<string, string[]>;
  const files = new Map<string, { raw: Record<string, unknown>; file: GameFile }>();
  for (const id of Object.values(index).flat()) {
    const raw = JSON.parse(readFileSync(new URL(`${id}.json`, RULES_DIR), 'utf8')) as Record<string, unknown>;
    const file = readGameFile(raw, `rules/${id}.json`);
    if (file.game.id !== id) throw new Error(`rules/${id}.json has id '${file.game.id}'`);
    files.set(id, { raw, file });
  }
  catalog = { files, sets: index };
  return catalog;
}

/** Games made for this run (a user's rules file, or a game with `--rule` changes), by id. */
const added = new Map<string, Game>();

/** The games of a set of rules/index.json, in its order. */
export function gameSet(name: 'seed-games' | 'siblings' | 'measured-elsewhere'): Game[] {
  return (load().sets[name] ?? []).map((id) => getGame(id));
}

/** Every built-in rules file, in index order. */
export function gameFiles(): GameFile[] {
  return [...load().files.values()].map((f) => f.file);
}

/** Ids of every built-in game and variant, in index order. */
export function knownIds(): string[] {
  return gameFiles().flatMap((f) => [f.game.id, ...[...f.variants.values()].map((v) => v.game.id)]);
}

/** The game with this id (`GAME` or `GAME:VARIANT`); a one-line error naming the known ids otherwise. */
export function getGame(id: string): Game {
  const own = added.get(id);
  if (own) return own;
  const [base, variant, ...more] = id.split(':');
  const entry = more.length ? undefined : load().files.get(base!);
  const game = variant === undefined ? entry?.file.game : entry?.file.variants.get(variant)?.game;
  if (game) return game;
  if (entry && variant !== undefined)
    throw new UsageError(`unknown variant '${id}' (${base} has: ${[...entry.file.variants.keys()].join(', ') || 'none'})`);
  throw new UsageError(
    `unknown game '${id}' (known: ${load()
      .sets['seed-games']!.concat(load().sets.siblings ?? [], load().sets['measured-elsewhere'] ?? [])
      .join(', ')}; \`patience games\` lists the variants too)`,
  );
}

/** The rules JSON of a game or variant as a file would hold it (a variant's changes merged in). */
function rulesJson(id: string): Record<string, unknown> {
  const own = added.get(id);
  if (own) return gameToJson(own);
  const [base, variant] = id.split(':');
  const entry = load().files.get(base!);
  getGame(id);
  const raw = structuredClone(entry!.raw);
  if (variant === undefined) return raw;
  const v = (raw.variants as Record<string, { rules: Record<string, unknown> }>)[variant]!;
  const out = merge(raw, v.rules);
  delete out.variants;
  out.id = base;
  return out;
}

/** A game's rules as JSON (Infinity written as a file writes it). */
export function gameToJson(game: Game): Record<string, unknown> {
  const id = game.id.split(':')[0];
  return {
    ...structuredClone({ ...game, id }),
    tableau: { ...game.tableau, capacity: game.tableau.capacity === Infinity ? null : game.tableau.capacity },
    stock: { ...game.stock, redeals: game.stock.redeals === Infinity ? 'unlimited' : game.stock.redeals },
  };
}

/**
 * The game a command runs: `--game` (a built-in id, or the id of the file given by `--rules`),
 * with each `--rule key=value` applied. A game that differs from the built-in one is added for
 * this run under its id, so that every part of the tool (and every worker) reads it.
 */
export function resolveGame(opts: { game?: string; rulesFile?: string; rules?: readonly string[] }): Game {
  let raw: Record<string, unknown>;
  let id: string;
  const where = opts.rulesFile ?? '';
  if (opts.rulesFile !== undefined) {
    // Bounded and depth-checked as every file the user gives (a rules file is an object).
    const parsed = parseUserJson(readJsonFile(opts.rulesFile, 'rules file'), `rules file ${opts.rulesFile}`);
    const file = readGameFile(parsed, where);
    const variant = opts.game?.includes(':') ? opts.game.split(':')[1] : undefined;
    if (opts.game !== undefined && opts.game.split(':')[0] !== file.game.id)
      throw new UsageError(`--game ${opts.game.slice(0, 60)} is not the game of ${where} ('${file.game.id}')`);
    if (load().files.has(file.game.id))
      throw new UsageError(`${where}: id '${file.game.id}' is a built-in game's; give your game an id of its own`);
    id = variant === undefined ? file.game.id : `${file.game.id}:${variant}`;
    if (variant !== undefined && !file.variants.has(variant))
      throw new UsageError(`unknown variant '${id}' (${where} has: ${[...file.variants.keys()].join(', ') || 'none'})`);
    raw = parsed as Record<string, unknown>;
    if (variant !== undefined) {
      raw = merge(raw, (raw.variants as Record<string, { rules: Record<string, unknown> }>)[variant]!.rules);
    }
    delete raw.variants;
  } else {
    if (opts.game === undefined) throw new UsageError('give --game (or --rules FILE)');
    id = getGame(opts.game).id;
    raw = rulesJson(id);
  }
  for (const r of opts.rules ?? []) raw = applyRule(raw, r);
  if (opts.rulesFile === undefined && !opts.rules?.length) return getGame(id);
  const game = readGameFile(raw, where || `${id} with --rule ${(opts.rules ?? []).join(' --rule ')}`.slice(0, 200)).game;
  game.id = id;
  if (opts.rulesFile === undefined) game.name = builtInGame(id)?.name ?? game.name;
  // Named by what it is wherever a name is shown (a page's heading): not the game of its page.
  if (opts.rules?.length) game.name = `${game.name} with ${opts.rules.map((r) => r.trim()).join(', ')}`;
  added.set(id, game);
  return game;
}

/** The games added for this run, for worker threads (addGames there). */
export function addedGames(): Game[] {
  return [...added.values()];
}

/** Adds games made elsewhere (a worker gets its parent's). */
export function addGames(games: readonly Game[]): void {
  for (const g of games) added.set(g.id, g);
}

/** A game's place in listings: built-in games in index order, then the others by id. */
export function gameOrder(id: string): number {
  const i = knownIds().indexOf(id);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/** The built-in game or variant of this id as rules/ has it (never a game added for this run), or undefined. */
function builtInGame(id: string): Game | undefined {
  const [base, variant, ...more] = id.split(':');
  const entry = more.length ? undefined : load().files.get(base!);
  return variant === undefined ? entry?.file.game : entry?.file.variants.get(variant)?.game;
}

/** The short hash of the built-in rules of this id (rules/), or null where no built-in game has the id. */
export function builtInRulesHash(id: string): string | null {
  const game = builtInGame(id);
  return game === undefined ? null : hashOf(game);
}

/**
 * The win rate stated for the built-in game of this id, or null where none is stated or no
 * built-in game has the id: a figure stated for a game's page belongs to its own rules alone.
 */
export function statedRate(id: string): number | null {
  return builtInGame(id)?.stated?.rate ?? null;
}

const hashes = new WeakMap<Game, string>();

/** The short hash of a game's rules (read.ts rulesHash), by id, made once per game. */
export function rulesHashOf(id: string): string {
  return hashOf(getGame(id));
}

function hashOf(game: Game): string {
  let h = hashes.get(game);
  if (h === undefined) hashes.set(game, (h = rulesHash(game)));
  return h;
}

/** The four games of the seed pages (RULES.md), in index order: what `--game all` runs. Read when asked, so that a broken rules folder is a command's error, not an import's. */
export const seedGames = (): readonly Game[] => gameSet('seed-games');
