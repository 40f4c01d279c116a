// Mamy Susan: RULES.md "Mamy Susan", rule ids in the comments.
import type { Game } from './types.js';
import { repeat, piles } from './deal-order.js';

export const mamySusan: Game = {
  id: 'mamy-susan',
  name: 'Mamy Susan',
  decks: 2,
  stated: 0.2,
  // MS-1, MS-3: 8 foundations, any Ace starts one, up by one in suit to K, no wrap.
  foundations: [{ count: 8, start: 1, step: 1, wrap: false, suit: 'same-suit' }],
  foundationMax: 13,
  // MS-4: down by one in alternating colour, no wrap, single cards; any card fills a space.
  tableau: {
    count: 10,
    step: -1,
    wrap: false,
    suit: 'alternate-colour',
    capacity: Infinity,
    runs: false,
    emptyAccepts: 'always',
  },
  reserves: [5],
  hasWaste: true,
  // MS-5: waste and reserve tops play to foundations or tableau; foundation tops come back.
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'r>t', 'f>t'],
  draw: 'to-waste', // MS-6
  autoFill: false,
  // MS-2: four rows of one card to each tableau pile, then 5 cards to the reserve; 59 form the stock.
  dealOrder: [...piles('t', 10), ...piles('t', 10), ...piles('t', 10), ...piles('t', 10), ...repeat('r0', 5)],
  cardIdentity: 'card',
  hiddenReserveUnderTop: true, // MS-2: only the reserve's top is face up
  // Safe move home: a card c of rank r may go home at once when every card of rank < r is home.
  // Take any winning line L from the position; drop from it every move of c and of cards of rank
  // < r (they are all home from the start now). Every move left is legal: its card has rank >= r
  // and is still its pile's top (only dropped cards lay above it); it lands on a card of rank > r
  // (a tableau card Y with X = Y-1 >= r; Y cannot be c or lower, or X would be dropped too), on an
  // empty pile (still empty), or home on r-1 or higher of its suit; if that is c's foundation,
  // c's twin goes on the other foundation of the suit instead (both hold A..r-1; foundations are
  // interchangeable). Take-backs lose nothing: a dropped card back in the tableau can host only
  // cards of rank < r, all home. So the shorter line still wins.
  safeHome: 'lower-ranks-home',
  // Seeds 0..49 at 1M nodes a deal: an unbounded best-first pass alone won 36, depth-first alone
  // 22, 41 between them; the best-first passes then the depth-first ones won 42 at 2M nodes and
  // 46 at 10M. (A best-first pass won none of 30 Double Signora or Double Dot deals.)
  bestFirst: true,
  // Every best-first round before the restarts of the depth-first passes, not restarts first
  // as in Double Aces and Kings: of the 48 deals unknown at 10 s (set left10s, 12M positions a
  // deal) 19 won against 17 with a few restarts after the first round, seeds 0..199 at 6M 189
  // against 188 (docs/tuning.md, "Restarts first").
  // Suit symmetry: swap clubs with spades (or diamonds with hearts, or both) on every card of a
  // position. Ranks and colours stay, and "same suit" stays "same suit", so every rule gives the
  // same answer on the image: an Ace starts any empty foundation (MS-3), a card goes home on the
  // next lower card of its suit (MS-3), on the next higher card of the other colour in the
  // tableau (MS-4), anywhere on an empty pile (MS-4); which piles play to which (MS-5) and the draw
  // (MS-6) do not look at suits. So a line of moves is legal from a position exactly when it is
  // legal from the image, and it wins from both or neither (the won position's image is won):
  // a position and its images are won or lost together, and one key may stand for all four.
  suitSwaps: [
    ['C', 'S'],
    ['D', 'H'],
  ],
};
