// What the rules cannot tell apart, derived from the rules themselves: which cards hash the same,
// and which suit swaps map every position to one that is won or lost with it. Each function
// states the conditions its proof needs and returns the plain answer where they do not hold.
import type { Game } from '../games/types.js';

/** Every build of the game that lays a card on another (foundation groups, and the tableau where it builds). */
function builds(game: Game): Game['tableau']['build'][] {
  return [...game.foundations.map((g) => g.build), ...(game.tableau.build.step !== 0 ? [game.tableau.build] : [])];
}

/**
 * What the rules can tell apart about a card. Proof: every rule looks at a card only through a
 * build (rank step, one way or either way, wrap, suit relation), a foundation's start rank (a
 * base rank too, fixed by a card's rank) and a King-only space; if no build compares suits, two
 * cards of one rank and colour are alike to every rule, so a position and the one with such cards
 * exchanged have the same moves, one for one, and are won or lost together: they may share a key.
 * Likewise with colours. A dealt first card takes part in no rule but its build, so it needs no
 * condition of its own; nor does the opening (game.opening), which looks at pile kinds alone.
 */
export function cardIdentity(game: Game): 'card' | 'rank-and-colour' | 'rank' {
  const suits = builds(game).map((b) => b.suit);
  if (suits.includes('same-suit')) return 'card';
  return suits.includes('alternate-colour') ? 'rank-and-colour' : 'rank';
}

/**
 * Pairs of suits that may be swapped throughout a position (every card of one suit becomes the
 * other's and back) with the image won or lost with it. Proof: swapping clubs with spades (or
 * diamonds with hearts) keeps every rank and colour, and cards of one suit stay of one suit, so
 * every build, start rank and space rule gives the same answer on the image; which piles play to
 * which (the opening's too), the draw, redeals, face-down cards and the stock's lock do not look
 * at suits. So a line
 * is legal from a position exactly when it is legal from the image, and wins from both or
 * neither. Conditions: no foundation is dealt a first card (the rules fix which suit lies on
 * which pile), and suits matter at all (where only ranks and colours do, cardIdentity already
 * keys the images as one).
 */
export function suitSwaps(game: Game): [string, string][] {
  if (game.foundations.some((g) => g.start === 'dealt') || cardIdentity(game) !== 'card') return [];
  return [
    ['C', 'S'],
    ['D', 'H'],
  ];
}
