// A game is its rules written as data (a rules file in rules/, docs/rules.md): what piles there
// are, how they are dealt, what builds on what, and which piles may play to which. The reader
// (read.ts) checks a file against the schema (schema.ts) and fills in the defaults; the engine
// compiles the result into lookup tables, and the referee and the viewer read it on their own.

/** How consecutive cards of a pile relate in suit. */
export type SuitRule = 'any' | 'same-suit' | 'alternate-colour';

export interface Build {
  /** Rank change from a card to the next one laid on it (+1 up, -1 down, +2 ...; 0: nothing builds). */
  step: number;
  /** Whether the ranks run round the corner (K then A going up). */
  wrap: boolean;
  suit: SuitRule;
  /** Whether a card may also go `step` the other way (up or down, card by card): tableau builds only. */
  either: boolean;
}

export interface FoundationGroup {
  count: number;
  /**
   * What an empty foundation of this group accepts: a rank (1 = Ace, 13 = King); 'base-rank'
   * (the first card on any foundation, played or dealt to it, fixes the rank for all of them); or 'dealt' (each
   * foundation is given its first card, `firstCards`, before the deal, and that card never leaves).
   */
  start: number | 'base-rank' | 'dealt';
  /** With start 'dealt': one card per foundation of the group, in order. */
  firstCards: string[];
  build: Build;
  /** Cards at most on one foundation of the group. */
  max: number;
}

export interface Tableau {
  count: number;
  build: Build;
  /** Cards at most on one pile: 1 for a one-card slot; Infinity for no limit (null in a file). */
  capacity: number;
  /** What moves as a unit: single cards only, a run built by `build`, or any face-up cards. */
  runs: 'single' | 'built' | 'any';
  /** What a player may put into an empty pile: any card (or run), a King (or a run from a King), or nothing. */
  spaces: 'any' | 'kings' | 'none';
  /**
   * An empty pile is filled at once, as part of the move that emptied it: from the waste, else
   * the stock; or from the stock; or not at all. A space is the player's only once those are out.
   */
  autoFill: 'none' | 'waste-then-stock' | 'stock';
}

export interface Reserve {
  cards: number;
  /** Whether a player sees every card of the reserve, or only its top (the rest face down). */
  visible: 'all' | 'top';
}

export interface Stock {
  /** Turn cards onto the waste, or deal one card onto every tableau pile (no waste then). */
  draw: 'to-waste' | 'to-every-tableau-pile';
  /** Cards turned onto the waste at a time (the last one turned is the waste's top). */
  drawCount: number;
  /** How often the waste may be turned over into a new stock: a number, or Infinity ('unlimited' in a file). */
  redeals: number;
  /** Whether the stock may be drawn only while a foundation holds a card besides the dealt first cards (`firstCards`). */
  lockedUntilFoundation: boolean;
}

/** Pile kinds as written in move notation. */
export type PileKind = 'f' | 't' | 'r' | 'w';
export type MoveKind = `${PileKind}>${PileKind}`;

/** One step of the deal: `cards` cards to one pile, or one card to each tableau pile of a range, `times` over. */
export type DealStep =
  | { pile: string; cards: number; faceDown: boolean }
  | { row: 't'; from: number; to: number; times: number; faceDown: boolean };

export interface StatedRate {
  /** As a fraction: 0.2 for 20 %. */
  rate: number;
  /** Who states it, and for what kind of play. */
  source: string;
}

export interface Game {
  /** The id, `GAME` or `GAME:VARIANT` (FORMATS.md). */
  id: string;
  name: string;
  /** Where the rules come from (RULES.md ids, a public page, a program's source). */
  source: string;
  decks: number;
  stated: StatedRate | null;
  foundations: FoundationGroup[];
  tableau: Tableau;
  reserves: Reserve[];
  stock: Stock;
  /** Which pile kinds may play to which, e.g. 'r>f'; 'f>t' is a take-back, 'f>f' between foundations. */
  moves: MoveKind[];
  /**
   * The moves of `moves` allowed while no foundation holds a card but the dealt first cards (the
   * Terrace family's opening: only 't>f'); null: every move from the start. The draw is
   * `stock.lockedUntilFoundation`'s.
   */
  opening: MoveKind[] | null;
  /**
   * The deal, in order; the cards left form the stock, the next card dealt becoming its top. A
   * step may give one foundation one card where the foundations start at 'base-rank': its base card.
   */
  deal: DealStep[];
}

/** A game as its file has it: the game's default reading and its named variants (other readings). */
export interface GameFile {
  game: Game;
  /** Variant id to its description and the game it makes. */
  variants: Map<string, { description: string; game: Game }>;
}
