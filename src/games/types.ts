// A game is its rules written as data: what piles there are, how they are dealt, what builds on
// what, and which piles may play to which. The engine compiles this into lookup tables.

export type GameId = 'double-signora' | 'double-aces-and-kings' | 'double-dot' | 'mamy-susan';

/** How consecutive cards of a pile relate in suit. */
export type SuitRule = 'any' | 'same-suit' | 'alternate-colour';

export interface Build {
  /** Rank change from a card to the next one laid on it (+1 up, -1 down, +2 ...). */
  step: number;
  /** Whether the ranks run round the corner (K then A going up). */
  wrap: boolean;
  suit: SuitRule;
}

export interface FoundationGroup extends Build {
  count: number;
  /**
   * What an empty foundation of this group accepts: a rank (1 = Ace, 13 = King), or
   * 'base-rank' (the first card played to any foundation fixes the rank for all of them).
   * Groups that are dealt a first card (`firstCards`) are never empty.
   */
  start: number | 'base-rank';
  /** Cards placed on these foundations before the deal; they never leave. */
  firstCards?: string[];
}

/** Pile kinds as written in move notation. */
export type PileKind = 'f' | 't' | 'r' | 'w';

export interface Game {
  id: GameId;
  name: string;
  decks: number;
  /** The win rate stated on the game's page, as a fraction, or null where none is stated. */
  stated: number | null;
  foundations: FoundationGroup[];
  /** Cards at most on one foundation. */
  foundationMax: number;
  tableau: Build & {
    count: number;
    /** Cards at most on one tableau pile (a one-card slot, or unlimited). */
    capacity: number;
    /** Whether a run of built cards at the top may move as a unit. */
    runs: boolean;
    /**
     * When an empty tableau pile may receive a card: 'always', or 'stock-and-waste-empty' for a
     * game that auto-fills spaces from the waste or stock while they last.
     */
    emptyAccepts: 'always' | 'stock-and-waste-empty';
  };
  /** Cards dealt to each reserve. */
  reserves: number[];
  hasWaste: boolean;
  /** Which pile kinds may play to which, e.g. 'r>f'. */
  moves: `${PileKind}>${PileKind}`[];
  /** The draw: turn one card onto the waste, or deal one card onto every tableau pile. */
  draw: 'to-waste' | 'to-every-tableau-pile';
  /** Spaces in the tableau are filled at once from the waste, else the stock. */
  autoFill: boolean;
  /**
   * The order in which the shuffled cards are dealt, one pile id per card; the rest form the
   * stock, the next card dealt becoming the stock's top.
   */
  dealOrder: string[];
  /** What the rules can tell apart about a card: it decides which cards hash the same. */
  cardIdentity: 'card' | 'rank-and-colour' | 'rank';
  /**
   * A move home the search may make at once without trying alternatives, where the game's file
   * proves it never loses a win: 'lower-ranks-home' (a card all of whose lower ranks are home).
   */
  safeHome?: 'lower-ranks-home';
  /**
   * Whether the solver starts with a best-first pass (src/search/bestfirst.ts) before its
   * depth-first ones. A measured choice, not a rule: the game's file gives the figures.
   */
  bestFirst?: boolean;
  /**
   * Where the search begins best-first: whether a few restarts of the depth-first passes come
   * before the best-first rounds (absent: every best-first round first). Measured too.
   */
  restartsBeforeBestFirst?: boolean;
  /**
   * Pairs of suits the rules cannot tell apart when swapped throughout (every card of one suit
   * becomes the other's and back), where the game's file proves that the swap maps legal play to
   * legal play: the search may then key a position and its images as one (src/engine/state.ts).
   */
  suitSwaps?: [string, string][];
  /** Cards whose order a player cannot see besides the stock: reserve cards under the top. */
  hiddenReserveUnderTop: boolean;
}
