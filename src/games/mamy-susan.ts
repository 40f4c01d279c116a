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
    count: 10, step: -1, wrap: false, suit: 'alternate-colour',
    capacity: Infinity, runs: false, emptyAccepts: 'always',
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
};
