// Seeded deals (FORMATS.md "Position"): the shuffle, the deal of a game's cards into its piles
// from a seed, and whether a position is the deal of the seed it gives. position.ts holds the
// position and its seed, and reads, checks and prints them.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { readPileId } from '../notation/moves.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { cardName, orderedDecks, parseCard, rankName, rankOf } from '../notation/cards.js';
import { UsageError } from '../errors.js';
import { dealSequence } from '../games/deal-order.js';
import { getGame, type Game } from '../games/index.js';
import { emptyPosition, pilesWithIds, type Position } from './position.js';

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

/**
 * Why a position that gives a seed is not the fresh deal of that seed (null if it is, or if it
 * gives none): a seed stands for its deal, so a position with other cards must not carry it.
 */
export function seedMismatch(pos: Position): string | null {
  if (pos.seed === undefined) return null;
  const deal = dealGame(getGame(pos.game), pos.seed);
  const piles = (p: Position): string[][] => [...p.foundations, ...p.tableau, ...p.reserves, p.stock, p.waste];
  const theirs = piles(pos);
  const diff = piles(deal).findIndex((pile, i) => pile.join(' ') !== theirs[i]!.join(' '));
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const other = !same(pos.base, deal.base)
    ? 'base rank'
    : !same(pos.faceDown, deal.faceDown)
      ? 'faceDown'
      : !same(pos.redeals, deal.redeals)
        ? 'redeals'
        : null;
  if (diff < 0 && other === null) return null;
  const ids = pilesWithIds(deal).map(([id]) => id);
  return `the position gives seed ${pos.seed} but is not the deal of ${pos.game} seed ${pos.seed} (${diff < 0 ? other : `pile ${ids[diff]}`} differs)`;
}

/** The pile a pile id names (`f3`, `t0`, `r1`, `s`, `w`); a UsageError for no such pile. */
function pileOf(pos: Position, id: string): string[] {
  const ref = readPileId(id);
  const pile =
    ref === null
      ? undefined
      : ref.letter === 's'
        ? pos.stock
        : ref.letter === 'w'
          ? pos.waste
          : { f: pos.foundations, t: pos.tableau, r: pos.reserves }[ref.letter][ref.index];
  if (!pile) throw new UsageError(`no pile '${id}' in ${pos.game}`);
  return pile;
}
