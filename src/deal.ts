// Seeded deals (FORMATS.md "Position"): the seed, the shuffle, and the deal of a game's cards
// into its piles. position.ts reads, checks and prints positions.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { cardName, orderedDecks, parseCard, rankName, rankOf } from './cards.js';
import { UsageError } from './errors.js';
import { dealSequence, dealsFaceDown } from './games/deal-order.js';
import type { Game } from './games/index.js';
import type { Position } from './position.js';

export const MAX_SEED = 2 ** 32 - 1;

/** Reads a seed: a whole number 0..2^32-1, written in decimal. */
export function parseSeed(text: string | number): number {
  const s = String(text).trim();
  if (!/^\d+$/.test(s) || Number(s) > MAX_SEED) {
    throw new UsageError(`bad seed '${s}': a seed is a whole number from 0 to ${MAX_SEED}`);
  }
  return Number(s);
}

/**
 * Shuffles `cards` in place with Fisher-Yates driven by xoroshiro128+ seeded with `seed`
 * (pure-rand). The generator's first 16 outputs are skipped so that neighbouring seeds, which
 * start from almost equal states, give unrelated deals.
 */
export function shuffle(cards: number[], seed: number): void {
  const rng = xoroshiro128plus(seed);
  for (let i = 0; i < 16; i++) rng.next();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
}

/**
 * Deals a game from a seed: the game's first cards (foundations that start 'dealt') are taken out
 * of the ordered decks, the rest are shuffled and dealt from the front in the game's deal order
 * (a base card dealt to a foundation fixes the base rank); the cards left form the stock, the next
 * card in the shuffled order being the stock's top.
 */
export function dealGame(game: Game, seed: number): Position {
  const pos = emptyPosition(game);
  pos.seed = seed;
  const cards = orderedDecks(game.decks);
  game.foundations.forEach((group, g) => {
    group.firstCards.forEach((name, i) => {
      const card = parseCard(name);
      cards.splice(cards.indexOf(card), 1);
      pos.foundations[foundationIndex(game, g, i)]!.push(name);
    });
  });
  shuffle(cards, seed);
  let next = 0;
  for (const { pile, faceDown } of dealSequence(game)) {
    pileOf(pos, pile).push(cardName(cards[next++]!));
    if (faceDown) pos.faceDown![Number(pile.slice(1))]!++;
    // A card dealt to a foundation is its base card: its rank is every foundation's start.
    if (pile[0] === 'f') pos.base = rankName(rankOf(cards[next - 1]!));
  }
  pos.stock = cards.slice(next).reverse().map(cardName);
  return pos;
}

function foundationIndex(game: Game, group: number, i: number): number {
  let index = i;
  for (let g = 0; g < group; g++) index += game.foundations[g]!.count;
  return index;
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

/** The pile a pile id names (`f3`, `t0`, `r1`, `s`, `w`); a UsageError for no such pile. */
function pileOf(pos: Position, id: string): string[] {
  const m = /^([ftr])(\d+)$/.exec(id);
  const pile = m
    ? { f: pos.foundations, t: pos.tableau, r: pos.reserves }[m[1] as 'f' | 't' | 'r'][Number(m[2])]
    : id === 's'
      ? pos.stock
      : id === 'w'
        ? pos.waste
        : undefined;
  if (!pile) throw new UsageError(`no pile '${id}' in ${pos.game}`);
  return pile;
}
