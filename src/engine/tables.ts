// Compiles a game's rules (a rules file, src/games) into flat lookup tables for the engine's hot
// loop, with the card permutations of its proved suit swaps (src/engine/symmetry.ts). Which
// prunings a search takes is the search's to derive from them (src/search/prunings/prunings.ts).
import { colourOf, rankOf, SUITS } from '../notation/cards.js';
import { follows } from '../games/build.js';
import type { Game, PileKind } from '../games/types.js';
import { cardIdentity, suitSwaps } from './symmetry.js';
import { pileIdOf, type PileLetter, type PileRef } from '../notation/moves.js';

export const KIND_F = 0;
export const KIND_T = 1;
export const KIND_R = 2;
export const KIND_S = 3;
export const KIND_W = 4;
const KIND_LETTERS = 'ftrsw';

/** Empty foundation start value meaning "the base rank, or any rank while none is fixed". */
export const START_BASE = 0;
/** Empty foundation start value for piles that are never empty (dealt a first card). */
export const START_NEVER = -1;

/** What an empty tableau pile takes from the player (GameTables.spaces). */
const SPACES_ANY = 0;
const SPACES_KINGS = 1;
const SPACES_NONE = 2;

/** Whether the tableau's build lets `card` lie on `host` (the tableauNext sets, cards 0..31 low). */
export const tableauTakes = (r: GameTables, host: number, card: number): boolean =>
  (card < 32 ? r.tableauNextLo[host]! & (1 << card) : r.tableauNextHi[host]! & (1 << (card - 32))) !== 0;
/** What moves as a unit (GameTables.runs). */
const RUNS_SINGLE = 0;
export const RUNS_BUILT = 1;
export const RUNS_ANY = 2;

export interface GameTables {
  game: Game;
  nFoundations: number;
  nTableau: number;
  nReserves: number;
  nPiles: number;
  /** Pile indices: foundations 0.., then tableau, then reserves, then stock, then waste. */
  firstTableau: number;
  firstReserve: number;
  stock: number;
  waste: number;
  /** Cards in the game, and so the most any pile can hold: the stride of the card array. */
  totalCards: number;
  /**
   * Most moves a position can have: a move takes what lies above one card of a pile (at most
   * one move a card, a draw or a redeal aside) to one pile, so every card to every pile. The
   * room a caller of generateMoves gives it.
   */
  maxMoves: number;
  kindOf: Uint8Array;
  /** Most cards a pile may hold. */
  capacity: Uint8Array;
  /** Foundation piles: their group's index; other piles 0. */
  groupOf: Uint8Array;
  /** Per foundation group: START_BASE, START_NEVER, or the rank an empty pile accepts. */
  groupStart: Int8Array;
  /** Cards a foundation keeps (a card placed before the deal never leaves). */
  minFoundation: Uint8Array;
  /** [group * 52 * 52 + prev * 52 + next]: 1 if next builds on prev on that group's foundations. */
  foundationFollows: Uint8Array;
  /** [prev * 52 + next]: 1 if next builds on prev in the tableau. */
  tableauFollows: Uint8Array;
  /**
   * The same relations as 52-bit card sets in two lanes (cards 0..31 in lo, 32..51 in hi), so
   * the move generator can tell at once whether any pile takes a card: [group * 52 + prev] for
   * foundations, [prev] for the tableau, [rank] for the four cards of a rank.
   */
  foundationNextLo: Uint32Array;
  foundationNextHi: Uint32Array;
  tableauNextLo: Uint32Array;
  tableauNextHi: Uint32Array;
  rankLo: Uint32Array;
  rankHi: Uint32Array;
  /** [srcKind * 5 + dstKind]: 1 if a card may move from that kind of pile to that kind. */
  canMove: Uint8Array;
  /** Whether the rules allow fewer moves while no foundation holds a card but the dealt first cards (game.opening). */
  hasOpening: boolean;
  /** canMove for that opening (canMove itself where there is none). */
  canMoveOpening: Uint8Array;
  usesBaseRank: boolean;
  drawToTableau: boolean;
  hasWaste: boolean;
  /** Cards a draw turns onto the waste. */
  drawCount: number;
  /** Redeals allowed (Infinity: no limit). */
  redeals: number;
  /** The stock may be drawn only while some foundation holds a card played to it. */
  lockedStock: boolean;
  /** SPACES_ANY, SPACES_KINGS or SPACES_NONE. */
  spaces: number;
  /** [card]: 1 if the player may put the card (or a run from it) into an empty tableau pile. */
  spaceTakes: Uint8Array;
  /** RUNS_SINGLE, RUNS_BUILT or RUNS_ANY. */
  runs: number;
  /** An emptied tableau pile is filled at once from the waste (then the stock), or from the stock. */
  autoFillFromWaste: boolean;
  autoFillFromStock: boolean;
  /** Whether the deal puts cards face down (the state then keeps a face-down count per pile). */
  faceDown: boolean;
  /**
   * The dealt first cards (`firstCards`, which never leave): while the foundations hold no more,
   * the stock's lock and the opening hold. A base card the deal gives a foundation is not one of them.
   */
  dealtHome: number;
  /**
   * The proved suit swaps (src/engine/symmetry.ts) as card permutations: [image * 52 + card] for
   * the images of the group they generate, image 0 the identity; `images` of them (1 where there are none).
   */
  suitImage: Uint8Array;
  images: number;
  /** For the hash: the id of what the rules can tell apart about each card. */
  identity: Uint8Array;
  identities: number;
}

export function compileTables(game: Game): GameTables {
  const nFoundations = game.foundations.reduce((n, g) => n + g.count, 0);
  const nTableau = game.tableau.count;
  // The move generator keeps a set of tableau piles in one 32-bit word (the reader checks it too).
  if (nTableau > 32) throw new Error(`${game.id}: at most 32 tableau piles, not ${nTableau}`);
  const nReserves = game.reserves.length;
  const firstTableau = nFoundations;
  const firstReserve = firstTableau + nTableau;
  const stock = firstReserve + nReserves;
  const waste = stock + 1;
  const nPiles = waste + 1;
  const totalCards = 52 * game.decks;

  const kindOf = new Uint8Array(nPiles);
  const capacity = new Uint8Array(nPiles).fill(totalCards);
  const groupOf = new Uint8Array(nPiles);
  let p = 0;
  game.foundations.forEach((group, g) => {
    for (let i = 0; i < group.count; i++, p++) {
      kindOf[p] = KIND_F;
      capacity[p] = group.max;
      groupOf[p] = g;
    }
  });
  for (let t = 0; t < nTableau; t++, p++) {
    kindOf[p] = KIND_T;
    capacity[p] = Math.min(game.tableau.capacity, totalCards);
  }
  for (let r = 0; r < nReserves; r++, p++) kindOf[p] = KIND_R;
  kindOf[stock] = KIND_S;
  kindOf[waste] = KIND_W;

  const groupStart = Int8Array.from(game.foundations, (g) =>
    g.start === 'dealt' ? START_NEVER : g.start === 'base-rank' ? START_BASE : g.start,
  );
  const minFoundation = Uint8Array.from(game.foundations, (g) => (g.start === 'dealt' ? 1 : 0));
  const foundationFollows = new Uint8Array(game.foundations.length * 52 * 52);
  game.foundations.forEach((group, g) => {
    for (let a = 0; a < 52; a++) for (let b = 0; b < 52; b++) foundationFollows[g * 2704 + a * 52 + b] = follows(group.build, a, b) ? 1 : 0;
  });
  const tableauFollows = new Uint8Array(52 * 52);
  for (let a = 0; a < 52; a++) for (let b = 0; b < 52; b++) tableauFollows[a * 52 + b] = follows(game.tableau.build, a, b) ? 1 : 0;
  const spaces = game.tableau.spaces === 'any' ? SPACES_ANY : game.tableau.spaces === 'kings' ? SPACES_KINGS : SPACES_NONE;
  const spaceTakes = Uint8Array.from({ length: 52 }, (_, c) =>
    spaces === SPACES_ANY || (spaces === SPACES_KINGS && rankOf(c) === 13) ? 1 : 0,
  );

  const groups = game.foundations.length;
  const foundationNextLo = new Uint32Array(groups * 52);
  const foundationNextHi = new Uint32Array(groups * 52);
  const tableauNextLo = new Uint32Array(52);
  const tableauNextHi = new Uint32Array(52);
  const rankLo = new Uint32Array(14);
  const rankHi = new Uint32Array(14);
  const addCard = (lo: Uint32Array, hi: Uint32Array, i: number, card: number): void => {
    if (card < 32) lo[i] = (lo[i]! | (1 << card)) >>> 0;
    else hi[i] = (hi[i]! | (1 << (card - 32))) >>> 0;
  };
  for (let a = 0; a < 52; a++) {
    addCard(rankLo, rankHi, rankOf(a), a);
    for (let b = 0; b < 52; b++) {
      for (let g = 0; g < groups; g++)
        if (foundationFollows[g * 2704 + a * 52 + b]) addCard(foundationNextLo, foundationNextHi, g * 52 + a, b);
      if (tableauFollows[a * 52 + b]) addCard(tableauNextLo, tableauNextHi, a, b);
    }
  }

  const moveTable = (kinds: readonly string[]): Uint8Array => {
    const table = new Uint8Array(25);
    for (const m of kinds) table[KIND_LETTERS.indexOf(m[0] as PileKind) * 5 + KIND_LETTERS.indexOf(m[2] as PileKind)] = 1;
    return table;
  };
  const canMove = moveTable(game.moves);
  const canMoveOpening = game.opening ? moveTable(game.opening) : canMove;

  const told = cardIdentity(game);
  const identity = new Uint8Array(52);
  for (let c = 0; c < 52; c++) {
    identity[c] = told === 'card' ? c : told === 'rank' ? rankOf(c) - 1 : (rankOf(c) - 1) * 2 + colourOf(c);
  }
  const identities = told === 'card' ? 52 : told === 'rank' ? 13 : 26;

  const swaps = suitSwaps(game);
  const images = 1 << swaps.length;
  const suitImage = new Uint8Array(images * 52);
  for (let image = 0; image < images; image++) {
    for (let c = 0; c < 52; c++) {
      let suit = SUITS[c & 3]!;
      swaps.forEach(([a, b], k) => {
        if (image & (1 << k)) suit = suit === a ? b : suit === b ? a : suit;
      });
      suitImage[image * 52 + c] = (c & ~3) | SUITS.indexOf(suit);
    }
  }

  return {
    game,
    nFoundations,
    nTableau,
    nReserves,
    nPiles,
    firstTableau,
    firstReserve,
    stock,
    waste,
    totalCards,
    maxMoves: totalCards * nPiles + 2,
    kindOf,
    capacity,
    groupOf,
    groupStart,
    minFoundation,
    foundationFollows,
    tableauFollows,
    canMove,
    hasOpening: game.opening !== null,
    canMoveOpening,
    foundationNextLo,
    foundationNextHi,
    tableauNextLo,
    tableauNextHi,
    rankLo,
    rankHi,
    usesBaseRank: game.foundations.some((g) => g.start === 'base-rank'),
    drawToTableau: game.stock.draw === 'to-every-tableau-pile',
    hasWaste: game.stock.draw === 'to-waste',
    drawCount: game.stock.drawCount,
    redeals: game.stock.redeals,
    lockedStock: game.stock.lockedUntilFoundation,
    spaces,
    spaceTakes,
    runs: game.tableau.runs === 'single' ? RUNS_SINGLE : game.tableau.runs === 'built' ? RUNS_BUILT : RUNS_ANY,
    autoFillFromWaste: game.tableau.autoFill === 'waste-then-stock',
    autoFillFromStock: game.tableau.autoFill !== 'none',
    faceDown: game.deal.some((d) => d.faceDown),
    dealtHome: game.foundations.reduce((n, g) => n + g.firstCards.length, 0),
    identity,
    identities,
    suitImage,
    images,
  };
}

/** Pile id (`f3`, `t0`, `r0`, `s`, `w`) of a pile index. */
export function pileId(rules: GameTables, p: number): string {
  const kind = rules.kindOf[p]!;
  const first = kind === KIND_F ? 0 : kind === KIND_T ? rules.firstTableau : rules.firstReserve;
  return pileIdOf(KIND_LETTERS[kind] as PileLetter, p - first);
}

/** Pile index of the pile a pile id names (src/notation/moves.ts), or -1 where the game has no such pile. */
export function pileIndex(rules: GameTables, pile: PileRef): number {
  if (pile.letter === 's') return rules.stock;
  if (pile.letter === 'w') return rules.hasWaste ? rules.waste : -1;
  const [first, count] =
    pile.letter === 'f'
      ? [0, rules.nFoundations]
      : pile.letter === 't'
        ? [rules.firstTableau, rules.nTableau]
        : [rules.firstReserve, rules.nReserves];
  return pile.index < count ? first + pile.index : -1;
}
