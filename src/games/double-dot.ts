// Double Dot: RULES.md "Double Dot", rule ids in the comments.
import type { Game } from './types.js';
import { piles } from './deal-order.js';

export const doubleDot: Game = {
  id: 'double-dot',
  name: 'Double Dot',
  decks: 1,
  stated: 0.98,
  // DD-1, DD-2: four foundations start with AC, AS, 2H, 2D (Aces one colour, deuces the other).
  // DD-3: up by two in suit, with wrap, 13 cards each; the first card never leaves.
  foundations: [{ count: 4, start: 0, firstCards: ['AC', 'AS', '2H', '2D'], step: 2, wrap: true, suit: 'same-suit' }],
  foundationMax: 13,
  // DD-4: down by two regardless of suit, with wrap. DD-5: runs move as a unit; any card or run
  // fills an empty pile.
  tableau: {
    count: 8,
    step: -2,
    wrap: true,
    suit: 'any',
    capacity: Infinity,
    runs: true,
    emptyAccepts: 'always',
  },
  reserves: [],
  hasWaste: false,
  moves: ['t>f', 't>t', 'f>t'], // DD-6
  draw: 'to-every-tableau-pile', // DD-7
  autoFill: false,
  // DD-2: one card to each tableau pile; the other 40 form the stock.
  dealOrder: piles('t', 8),
  cardIdentity: 'card',
  hiddenReserveUnderTop: false,
};
