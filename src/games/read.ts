// Reads a rules file (docs/rules.md): the schema's checks (schema.ts, schema-check.ts), then the checks that look
// at several keys at once, each a one-line error naming the key; variants and `--rule key=value`
// changes are merged into the file's JSON before it is read, so that they are checked the same.
import { createHash } from 'node:crypto';
import { parseCard } from '../notation/cards.js';
import { GAME_WORDS } from '../notation/ids.js';
import { UsageError } from '../errors.js';
import { duplicateKey } from '../files.js';
import { check, setOwn } from './schema-check.js';
import { RULES_SCHEMA } from './schema.js';
import type { Build, DealStep, Game, GameFile } from './types.js';

type Json = Record<string, unknown>;

/** Reads a rules file's parsed JSON: its game and its variants, each checked in full. */
export function readGameFile(raw: unknown, where: string): GameFile {
  const checked = check(RULES_SCHEMA, raw, where) as Json;
  const game = toGame(checked, where);
  const variants = new Map<string, { description: string; game: Game }>();
  for (const [id, v] of Object.entries(checked.variants as Record<string, { description: string; rules: Json }>)) {
    if (!GAME_WORDS.test(id))
      throw new UsageError(`${where}: variants: '${id.slice(0, 40)}' is not a variant id (lower case words joined by -)`);
    if (Object.hasOwn(v.rules, 'id') || Object.hasOwn(v.rules, 'variants'))
      throw new UsageError(`${where}: variants.${id}.rules: a variant cannot change 'id' or 'variants'`);
    const merged = merge(raw as Json, v.rules);
    delete merged.variants;
    const vgame = toGame(check(RULES_SCHEMA, merged, `${where} (variant ${id})`) as Json, `${where} (variant ${id})`);
    vgame.id = `${game.id}:${id}`;
    if (!Object.hasOwn(v.rules, 'name')) vgame.name = `${game.name} (${id})`;
    variants.set(id, { description: v.description, game: vgame });
  }
  return { game, variants };
}

/** `base` with `patch` merged in: objects key by key (own keys only), anything else replaced. */
export function merge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const b = Object.hasOwn(out, k) ? out[k] : undefined;
    setOwn(out, k, isObject(b) && isObject(v) ? merge(b, v) : structuredClone(v));
  }
  return out;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rules JSON with `key=value` applied: the key a dotted path (`stock.redeals`,
 * `foundations.0.build.wrap`), the value JSON where it reads as JSON, else a string.
 */
export function applyRule(raw: Json, assignment: string): Json {
  const eq = assignment.indexOf('=');
  if (eq <= 0) throw new UsageError(`--rule '${assignment.slice(0, 60)}': write it as key=value, e.g. stock.redeals=unlimited`);
  const key = assignment.slice(0, eq).trim();
  const text = assignment.slice(eq + 1).trim();
  let value: unknown = text;
  let json = false;
  try {
    value = JSON.parse(text);
    json = true;
  } catch {
    // a bare word is a string: runs=built
  }
  const twice = json ? duplicateKey(text) : undefined;
  if (twice !== undefined) throw new UsageError(`--rule ${key.slice(0, 60)}: the key '${twice.slice(0, 40)}' appears twice in one object`);
  const parts = key.split('.');
  if (parts.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype'))
    throw new UsageError(`--rule: '${key.slice(0, 60)}' is not a key`);
  if (parts[0] === 'id' || parts[0] === 'variants')
    throw new UsageError(`--rule: '${parts[0]}' cannot be changed (use --rules FILE for a game of your own)`);
  const out = structuredClone(raw);
  let node: unknown = out;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = Array.isArray(node)
      ? node[Number(parts[i])]
      : isObject(node) && Object.hasOwn(node, parts[i]!)
        ? node[parts[i]!]
        : undefined;
    if (typeof next !== 'object' || next === null)
      throw new UsageError(`--rule: no key '${parts.slice(0, i + 1).join('.')}' in the rules (\`patience rules --game G\` prints them)`);
    node = next;
  }
  const last = parts[parts.length - 1]!;
  if (Array.isArray(node)) {
    const i = Number(last);
    if (!Number.isInteger(i) || i < 0 || i >= node.length) throw new UsageError(`--rule: '${key}': no item ${last} in that list`);
    node[i] = value;
  } else (node as Json)[last] = value;
  return out;
}

/** Hex digits of a rules hash: 48 bits, so that two rule sets a study meets never share one. */
export const RULES_HASH_CHARS = 12;

/**
 * A short hash of the rules that decide play (not names, sources or stated rates): rows and results
 * carry it. The keys `build.either` and `opening` are left out at their defaults, so that a game
 * which does not use them hashes as it would without them, and its results files stay its own.
 */
export function rulesHash(game: Game): string {
  const { decks, reserves, stock, moves, opening, deal } = game;
  const build = ({ either, ...rest }: Build): Partial<Build> => (either ? { ...rest, either } : rest);
  const foundations = game.foundations.map((g) => ({ ...g, build: build(g.build) }));
  const tableau = { ...game.tableau, build: build(game.tableau.build) };
  return createHash('sha256')
    .update(JSON.stringify({ decks, foundations, tableau, reserves, stock, moves, deal, ...(opening ? { opening } : {}) }))
    .digest('hex')
    .slice(0, RULES_HASH_CHARS);
}

/** The game a checked rules JSON describes, after the checks across keys. */
function toGame(r: Json, where: string): Game {
  const fail = (key: string, problem: string): never => {
    throw new UsageError(`${where}: ${key}: ${problem}`);
  };
  const tableau = r.tableau as Json;
  const stock = r.stock as Json;
  const game: Game = {
    id: r.id as string,
    name: r.name as string,
    source: r.source as string,
    decks: r.decks as number,
    stated: r.stated as Game['stated'],
    foundations: r.foundations as Game['foundations'],
    tableau: { ...(tableau as unknown as Game['tableau']), capacity: tableau.capacity === null ? Infinity : (tableau.capacity as number) },
    reserves: r.reserves as Game['reserves'],
    stock: { ...(stock as unknown as Game['stock']), redeals: stock.redeals === 'unlimited' ? Infinity : (stock.redeals as number) },
    moves: [...new Set(r.moves as Game['moves'])],
    opening: r.opening === null ? null : [...new Set(r.opening as Game['moves'])],
    deal: [],
  };
  const total = 52 * game.decks;

  let foundations = 0;
  let room = 0;
  const dealtFirst: string[] = [];
  game.foundations.forEach((g, i) => {
    const key = `foundations[${i}]`;
    if (g.start === 'dealt') {
      if (g.firstCards.length !== g.count)
        fail(`${key}.firstCards`, `start 'dealt' needs one card per foundation: ${g.count}, not ${g.firstCards.length}`);
      for (const c of g.firstCards) if (parseCard(c) < 0) fail(`${key}.firstCards`, `${JSON.stringify(c)} is not a card`);
      dealtFirst.push(...g.firstCards);
    } else if (g.firstCards.length) fail(`${key}.firstCards`, "only a group with start 'dealt' is given first cards");
    if (g.build.step === 0) fail(`${key}.build.step`, 'a foundation must build (step 0 lays nothing on it)');
    if (g.build.either) fail(`${key}.build.either`, 'a foundation builds one way: either is for the tableau');
    foundations += g.count;
    room += g.count * g.max;
  });
  if (foundations > 32) fail('foundations', `at most 32 foundations in all, not ${foundations}`);
  if (room < total)
    fail('foundations', `they hold at most ${room} cards, fewer than the ${total} of ${game.decks} deck(s): no deal could be won`);
  if (game.foundations.filter((g) => g.start === 'base-rank').length > 0 && game.foundations.some((g) => g.start !== 'base-rank'))
    fail('foundations', "'base-rank' fixes the start of every foundation: all groups or none");
  const counts = new Map<string, number>();
  for (const c of dealtFirst) {
    const n = (counts.get(c) ?? 0) + 1;
    counts.set(c, n);
    if (n > game.decks) fail('foundations', `${c} is dealt first more often than the ${game.decks} deck(s) have it`);
  }

  const moves = new Set(game.moves);
  const hasWaste = game.stock.draw === 'to-waste';
  if (!hasWaste) {
    for (const m of moves) if (m.startsWith('w')) fail('moves', `'${m}': cards dealt onto every tableau pile leave no waste`);
    if (game.stock.drawCount !== 1) fail('stock.drawCount', 'a draw onto every tableau pile deals one card to each: drawCount 1');
    if (game.stock.redeals !== 0) fail('stock.redeals', 'a stock dealt onto the tableau cannot be turned over again: redeals 0');
    if (game.tableau.autoFill === 'waste-then-stock')
      fail('tableau.autoFill', "'waste-then-stock' needs a waste: the stock is dealt onto the tableau");
    if (game.tableau.capacity !== Infinity)
      fail('tableau.capacity', 'a stock dealt onto every tableau pile needs piles without a limit: null');
  }
  if (game.reserves.length === 0) for (const m of moves) if (m.startsWith('r')) fail('moves', `'${m}': the game has no reserve`);
  if (game.tableau.build.step === 0 && game.tableau.runs === 'built')
    fail('tableau.runs', "'built' runs need a tableau that builds (step 0)");
  if (game.tableau.build.step === 0 && game.tableau.build.either)
    fail('tableau.build.either', 'a build either way needs a step (0 lays nothing)');
  for (const m of game.opening ?? []) if (!moves.has(m)) fail('opening', `'${m}' is not among the moves`);
  if (game.opening && !game.opening.some((m) => m.endsWith('>f')))
    fail('opening', 'no move of it plays to a foundation, so no card could ever go home');
  if (game.tableau.capacity === 1 && game.tableau.runs !== 'single') fail('tableau.runs', 'one-card slots hold no run: single');

  // The deal: expand rows, check each pile exists and is dealt face down only under its face-up cards.
  const dealt = new Map<string, { down: number; up: number }>();
  // 'base-rank' is every group's start or none's (checked above).
  const baseRank = game.foundations[0]!.start === 'base-rank';
  let dealtBase = false;
  (r.deal as Json[]).forEach((step, i) => {
    const key = `deal[${i}]`;
    if ('row' in step) {
      const to = step.to === null ? game.tableau.count - 1 : (step.to as number);
      const from = step.from as number;
      if (from > to || to >= game.tableau.count) fail(key, `piles t${from}..t${to}: the tableau has t0..t${game.tableau.count - 1}`);
      const s: DealStep = { row: 't', from, to, times: step.times as number, faceDown: step.faceDown as boolean };
      game.deal.push(s);
      for (let t = 0; t < s.times; t++) for (let p = from; p <= to; p++) addDealt(`t${p}`, 1, s.faceDown, key);
    } else {
      const s: DealStep = { pile: step.pile as string, cards: step.cards as number, faceDown: step.faceDown as boolean };
      game.deal.push(s);
      addDealt(s.pile, s.cards, s.faceDown, key);
    }
  });
  function addDealt(pile: string, n: number, faceDown: boolean, key: string): void {
    const kind = pile[0];
    const index = Number(pile.slice(1));
    const limit = kind === 't' ? game.tableau.count : kind === 'r' ? game.reserves.length : kind === 'f' ? foundations : 0;
    if (pile === 'w' || index >= limit)
      fail(key, `the deal gives cards to ${pile}, which the game does not have (or the waste, which is dealt nothing)`);
    if (kind === 'f') {
      if (!baseRank) fail(key, "foundations are given cards only by start 'dealt', or one base card where they start at 'base-rank'");
      if (n !== 1 || dealtBase) fail(key, 'the deal gives one foundation one card, its base card, and no more');
      dealtBase = true;
    }
    if (faceDown && kind !== 't') fail(key, 'only tableau piles are dealt face down (a reserve shows its top or all: reserves[].visible)');
    const d = dealt.get(pile) ?? { down: 0, up: 0 };
    if (faceDown && d.up > 0) fail(key, `${pile} is dealt a face-down card on top of a face-up one`);
    if (faceDown) d.down += n;
    else d.up += n;
    dealt.set(pile, d);
  }
  let inDeal = 0;
  for (const d of dealt.values()) inDeal += d.down + d.up;
  if (inDeal + dealtFirst.length > total)
    fail('deal', `it deals ${inDeal + dealtFirst.length} cards, more than the ${total} of ${game.decks} deck(s)`);
  game.reserves.forEach((res, i) => {
    const d = dealt.get(`r${i}`);
    if ((d?.up ?? 0) !== res.cards) fail(`reserves[${i}].cards`, `${res.cards}, but the deal gives r${i} ${d?.up ?? 0}`);
  });
  for (let t = 0; t < game.tableau.count; t++) {
    const d = dealt.get(`t${t}`);
    if (d && d.down > 0 && d.up === 0) fail('deal', `t${t} is dealt face down with no face-up card on top`);
    if (d && d.down + d.up > game.tableau.capacity)
      fail('deal', `t${t} is dealt ${d.down + d.up} cards, more than its capacity ${game.tableau.capacity}`);
  }
  return game;
}
