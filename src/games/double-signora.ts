// Double Signora: RULES.md "Double Signora", rule ids in the comments.
import type { Game } from './types.js';
import { repeat, piles } from './deal-order.js';

export const doubleSignora: Game = {
  id: 'double-signora',
  name: 'Double Signora',
  decks: 4,
  stated: 0.2,
  // DS-1: 16 foundations, 11 tableau piles, 1 reserve, stock, waste.
  // DS-3: the first foundation card fixes the base rank of all 16. DS-4: up by one, alternating
  // colour, with wrap, 13 cards at most.
  foundations: [{ count: 16, start: 'base-rank', step: 1, wrap: true, suit: 'alternate-colour' }],
  foundationMax: 13,
  // DS-5: down by one, alternating colour, with wrap; single cards. DS-7: spaces are auto-filled
  // while the waste or stock lasts; after that any tableau or foundation card may fill one.
  tableau: {
    count: 11,
    step: -1,
    wrap: true,
    suit: 'alternate-colour',
    capacity: Infinity,
    runs: false,
    emptyAccepts: 'stock-and-waste-empty',
  },
  reserves: [21],
  hasWaste: true,
  // DS-6: the reserve plays to foundations only; no foundation-to-foundation moves.
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'f>t'],
  draw: 'to-waste', // DS-8
  autoFill: true, // DS-7
  // DS-2: 21 cards to the reserve, then one to each tableau pile; 176 form the stock.
  dealOrder: [...repeat('r0', 21), ...piles('t', 11)],
  cardIdentity: 'rank-and-colour', // only colours matter
  hiddenReserveUnderTop: false,
};
