// Cards are small integers: card = (rank - 1) * 4 + suit, rank 1..13 (A..K), suit 0..3 (C D H S).
// Copies from different decks are the same integer: the rules cannot tell them apart.

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';

const makeCard = (rank: number, suit: number): number => (rank - 1) * 4 + suit;
export const rankOf = (card: number): number => (card >> 2) + 1;
export const suitOf = (card: number): number => card & 3;
/** 0 black (clubs, spades), 1 red (diamonds, hearts). */
export const colourOf = (card: number): number => ((card & 3) === 1 || (card & 3) === 2 ? 1 : 0);

export function cardName(card: number): string {
  return RANKS[rankOf(card) - 1]! + SUITS[suitOf(card)]!;
}

/** Parses `7H`, `th`, `10h`; returns -1 for anything else. */
export function parseCard(text: string): number {
  const t = text.trim().toUpperCase().replace(/^10/, 'T');
  if (t.length !== 2) return -1;
  const rank = RANKS.indexOf(t[0]!);
  const suit = SUITS.indexOf(t[1]!);
  return rank < 0 || suit < 0 ? -1 : makeCard(rank + 1, suit);
}

/** Parses a rank alone (`7`, `T`, `10`, `k`); returns 0 for anything else. */
export function parseRank(text: string): number {
  const t = text.trim().toUpperCase().replace(/^10$/, 'T');
  return t.length === 1 ? RANKS.indexOf(t) + 1 : 0;
}

export const rankName = (rank: number): string => RANKS[rank - 1]!;

/** Deck order, documented in README: deck by deck, suits C D H S, ranks A..K within a suit. */
export function orderedDecks(decks: number): number[] {
  const cards: number[] = [];
  for (let d = 0; d < decks; d++)
    for (let suit = 0; suit < 4; suit++) for (let rank = 1; rank <= 13; rank++) cards.push(makeCard(rank, suit));
  return cards;
}

const SYMBOLS = '♣♦♥♠';
/** `7♥` in red or black ANSI colour, for terminals. */
export function cardSymbol(card: number): string {
  const text = RANKS[rankOf(card) - 1]! + SYMBOLS[suitOf(card)]!;
  return colourOf(card) ? `\x1b[31m${text}\x1b[0m` : text;
}
