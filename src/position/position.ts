// Positions (FORMATS.md "Position"): the type, its seed, reading with validation, and printing.
// deal.ts deals the position a seed stands for.
import { cardName, cardSymbol, orderedDecks, parseCard, parseRank, rankName, rankOf } from '../notation/cards.js';
import { UsageError } from '../errors.js';
import { describeJson, parseUserJson } from '../files.js';
import { follows } from '../games/build.js';
import { dealsBaseCard, dealsFaceDown, stockSize as stockAfterDeal } from '../games/deal-order.js';
import { getGame, type Game } from '../games/index.js';

/** A deal or a game in progress, every pile listed bottom to top (FORMATS.md). */
export interface Position {
  /** The game id, `GAME` or `GAME:VARIANT`. */
  game: string;
  seed?: number;
  foundations: string[][];
  tableau: string[][];
  reserves: string[][];
  stock: string[];
  waste: string[];
  /** The base rank (games whose first foundation card, played or dealt, fixes it), or null before that card; other games omit it. */
  base?: string | null;
  /** Games that deal cards face down: per tableau pile, how many cards at its bottom are face down. */
  faceDown?: number[];
  /** Games with redeals: how many have been made. */
  redeals?: number;
}

export const MAX_SEED = 2 ** 32 - 1;

/** Reads a seed: a whole number 0..2^32-1, written in decimal. */
export function parseSeed(text: string | number): number {
  const s = String(text).trim();
  if (!/^\d+$/.test(s) || Number(s) > MAX_SEED) {
    throw new UsageError(`bad seed '${s}': a seed is a whole number from 0 to ${MAX_SEED}`);
  }
  return Number(s);
}

/** A position of `game` with every pile empty. */
export function emptyPosition(game: Game): Position {
  const pos: Position = {
    game: game.id,
    foundations: game.foundations.flatMap((g) => Array.from({ length: g.count }, () => [])),
    tableau: Array.from({ length: game.tableau.count }, () => []),
    reserves: game.reserves.map(() => []),
    stock: [],
    waste: [],
  };
  if (game.foundations.some((g) => g.start === 'base-rank')) pos.base = null;
  if (dealsFaceDown(game)) pos.faceDown = Array.from({ length: game.tableau.count }, () => 0);
  if (game.stock.redeals > 0) pos.redeals = 0;
  return pos;
}

/** Every pile of a position with its id, in id order. */
export function pilesWithIds(pos: Position): [string, string[]][] {
  return [
    ...pos.foundations.map((p, i): [string, string[]] => [`f${i}`, p]),
    ...pos.tableau.map((p, i): [string, string[]] => [`t${i}`, p]),
    ...pos.reserves.map((p, i): [string, string[]] => [`r${i}`, p]),
    ['s', pos.stock],
    ['w', pos.waste],
  ];
}

/**
 * Reads a position from JSON text (a deal or a game in progress) and checks everything
 * FORMATS.md lists. Throws a one-line UsageError naming the pile and card at the first fault.
 */
export function readPosition(text: string): Position {
  return positionFromJson(parseUserJson(text, 'position'));
}

/** A position from parsed JSON, checked as readPosition checks it. */
export function positionFromJson(raw: unknown): Position {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new UsageError(`a position must be a JSON object, not ${describeJson(raw)}`);
  const obj = raw as Record<string, unknown>;
  const position = obj.position;
  if (obj.tableau === undefined && typeof position === 'object' && position !== null && !Array.isArray(position))
    throw new UsageError(
      "this is a solve result or a played game, not a position (it holds one under 'position'): `show` and `check` take it, or give its 'position' alone",
    );
  if (obj.game === undefined) throw new UsageError("position has no 'game'");
  if (typeof obj.game !== 'string') throw new UsageError(`'game' must be a game id (a string), not ${describeJson(obj.game)}`);
  const game = getGame(obj.game);
  const pos = emptyPosition(game);
  pos.game = obj.game;
  if (obj.seed !== undefined) {
    if (typeof obj.seed !== 'number') throw new UsageError(`bad seed: a seed is a whole number, not ${describeJson(obj.seed)}`);
    pos.seed = parseSeed(obj.seed);
  }

  const readPiles = (field: string, count: number, optional: boolean): string[][] => {
    const value = obj[field];
    if (value === undefined && optional) return Array.from({ length: count }, () => []);
    if (!Array.isArray(value) || value.length !== count) {
      throw new UsageError(`'${field}' must be a list of ${count} piles for ${game.id}`);
    }
    return value.map((pile, i) => readCards(pile, `${field[0]}${i}`));
  };
  const readCards = (pile: unknown, id: string): string[] => {
    if (!Array.isArray(pile)) throw new UsageError(`pile ${id} must be a list of cards, not ${describeJson(pile)}`);
    return pile.map((c) => {
      if (typeof c !== 'string') {
        const hint = Array.isArray(c) ? ' (a list inside the pile: one pair of brackets too many?)' : '';
        throw new UsageError(`pile ${id}: a card is a string such as "7H", not ${describeJson(c)}${hint}`);
      }
      const card = parseCard(c);
      if (card < 0) throw new UsageError(`pile ${id}: ${describeJson(c)} is not a card`);
      return cardName(card);
    });
  };
  pos.foundations = readPiles('foundations', pos.foundations.length, false);
  pos.tableau = readPiles('tableau', pos.tableau.length, false);
  pos.reserves = readPiles('reserves', pos.reserves.length, game.reserves.length === 0);
  pos.stock = readCards(obj.stock, 's');
  pos.waste = obj.waste === undefined && game.stock.draw !== 'to-waste' ? [] : readCards(obj.waste, 'w');
  if ('base' in pos) {
    const b = obj.base;
    if (b !== null && b !== undefined) {
      const rank = typeof b === 'string' ? parseRank(b) : 0;
      if (!rank) throw new UsageError(`base ${describeJson(b)} is not a rank (a string such as "7" or "K")`);
      pos.base = rankName(rank);
    } else if (dealsBaseCard(game)) {
      throw new UsageError(`${game.id} deals a base card to a foundation, so the position must give its base rank ('base')`);
    }
  } else if (obj.base !== undefined && obj.base !== null) {
    throw new UsageError(`${game.id} has no base rank, but the position gives base ${describeJson(obj.base)}`);
  }
  if ('faceDown' in pos) {
    if (obj.faceDown !== undefined) {
      const f = obj.faceDown;
      if (!Array.isArray(f) || f.length !== pos.tableau.length || !f.every((n) => Number.isInteger(n) && n >= 0))
        throw new UsageError(`'faceDown' must be a list of ${pos.tableau.length} whole numbers, one per tableau pile`);
      pos.faceDown = f as number[];
    }
  } else if (obj.faceDown !== undefined) {
    throw new UsageError(`${game.id} deals no card face down, but the position gives 'faceDown'`);
  }
  if ('redeals' in pos) {
    if (obj.redeals !== undefined) {
      if (!Number.isInteger(obj.redeals) || (obj.redeals as number) < 0 || (obj.redeals as number) > game.stock.redeals)
        throw new UsageError(
          `'redeals' ${describeJson(obj.redeals)}: a whole number from 0 to ${game.stock.redeals === Infinity ? 'any' : game.stock.redeals}`,
        );
      pos.redeals = obj.redeals as number;
    }
  } else if (obj.redeals !== undefined) {
    throw new UsageError(`${game.id} has no redeals, but the position gives 'redeals'`);
  }
  validate(game, pos);
  return pos;
}

function validate(game: Game, pos: Position): void {
  // Each card exactly as many times as the game has decks.
  const counts = new Map<string, number>();
  for (const [id, pile] of pilesWithIds(pos)) {
    for (const card of pile) {
      const n = (counts.get(card) ?? 0) + 1;
      counts.set(card, n);
      if (n > game.decks) throw new UsageError(`pile ${id}: ${card} appears more than ${game.decks} time(s)`);
    }
  }
  for (const card of orderedDecks(1).map(cardName)) {
    const n = counts.get(card) ?? 0;
    if (n < game.decks) throw new UsageError(`card ${card} is missing: found ${n} of ${game.decks}`);
  }
  if (game.stock.draw !== 'to-waste' && pos.waste.length) throw new UsageError(`pile w: ${game.id} has no waste`);
  // Pile limits.
  const stockSize = stockAfterDeal(game);
  pos.reserves.forEach((pile, i) => {
    if (pile.length > game.reserves[i]!.cards) throw new UsageError(`pile r${i}: ${pile.length} cards, at most ${game.reserves[i]!.cards}`);
  });
  if (pos.stock.length > stockSize) throw new UsageError(`pile s: ${pos.stock.length} cards, at most ${stockSize}`);
  // The waste holds only cards turned from the stock, which go back to it only by a redeal.
  if (pos.stock.length + pos.waste.length > stockSize)
    throw new UsageError(
      `piles s and w: ${pos.stock.length} and ${pos.waste.length} cards, at most ${stockSize} together (the cards left after the deal)`,
    );
  pos.tableau.forEach((pile, i) => {
    if (pile.length > game.tableau.capacity) throw new UsageError(`pile t${i}: ${pile.length} cards, at most ${game.tableau.capacity}`);
    const fillers =
      game.tableau.autoFill === 'waste-then-stock'
        ? pos.stock.length + pos.waste.length
        : game.tableau.autoFill === 'stock'
          ? pos.stock.length
          : 0;
    if (pile.length === 0 && fillers > 0) {
      throw new UsageError(
        `pile t${i} is empty while the ${game.tableau.autoFill === 'stock' ? 'stock' : 'stock or waste'} has cards (spaces are filled at once)`,
      );
    }
    const down = pos.faceDown?.[i] ?? 0;
    if (down > 0 && down >= pile.length)
      throw new UsageError(`pile t${i}: ${down} face-down cards, but a pile's top card is face up (it has ${pile.length})`);
  });
  // Foundations: legal sequences from the right first card; the base rank agrees.
  const base = pos.base ? parseRank(pos.base) : 0;
  let f = 0;
  for (const group of game.foundations) {
    for (let i = 0; i < group.count; i++, f++) {
      const pile = pos.foundations[f]!;
      const id = `f${f}`;
      if (pile.length > group.max) throw new UsageError(`pile ${id}: ${pile.length} cards, at most ${group.max}`);
      const first = group.firstCards[i];
      if (first !== undefined && pile[0] !== first) throw new UsageError(`pile ${id} must start with ${first}`);
      if (pile.length === 0) continue;
      const bottom = parseCard(pile[0]!);
      if (group.start === 'base-rank') {
        if (!base) throw new UsageError(`pile ${id}: ${pile[0]} is on a foundation but the position has no base rank`);
        if (rankOf(bottom) !== base) throw new UsageError(`pile ${id}: ${pile[0]} does not have the base rank ${pos.base}`);
      } else if (typeof group.start === 'number' && rankOf(bottom) !== group.start) {
        throw new UsageError(`pile ${id}: ${pile[0]} cannot start this foundation (it takes ${rankName(group.start)})`);
      }
      for (let k = 1; k < pile.length; k++) {
        if (!follows(group.build, parseCard(pile[k - 1]!), parseCard(pile[k]!))) {
          throw new UsageError(`pile ${id}: ${pile[k]} cannot be built on ${pile[k - 1]}`);
        }
      }
    }
  }
}

/** A readable layout: every pile on a line, labelled with its id, bottom to top. */
export function formatPosition(pos: Position, opts: { symbols?: boolean } = {}): string {
  const show = (c: string): string => (opts.symbols ? cardSymbol(parseCard(c)) : c);
  const game = getGame(pos.game);
  const lines = [
    `${game.name}${pos.seed !== undefined ? `, seed ${pos.seed}` : ''}${'base' in pos ? `, base rank ${pos.base ?? 'not yet fixed'}` : ''}`,
  ];
  const line = (id: string, label: string, pile: string[], extra = ''): void => {
    lines.push(`${id.padEnd(4)}${label.padEnd(12)}${pile.map(show).join(' ')}${extra}`);
  };
  pos.foundations.forEach((p, i) => line(`f${i}`, 'foundation', p));
  // Face-down cards in brackets: the solver knows them, a player does not.
  pos.tableau.forEach((p, i) => {
    const down = pos.faceDown?.[i] ?? 0;
    lines.push(`${`t${i}`.padEnd(4)}${'tableau'.padEnd(12)}${p.map((c, k) => (k < down ? `[${show(c)}]` : show(c))).join(' ')}`);
  });
  pos.reserves.forEach((p, i) => line(`r${i}`, 'reserve', p));
  if (game.stock.draw === 'to-waste') line('w', 'waste', pos.waste);
  const redeals = game.stock.redeals;
  const made = pos.redeals !== undefined ? `, redeals made ${pos.redeals} of ${Number.isFinite(redeals) ? redeals : 'unlimited'}` : '';
  // The stock's label is longer than a column: a space keeps it from running into the cards.
  line('s', `stock (${pos.stock.length}${made}) `, pos.stock);
  return lines.join('\n');
}
