// Double Aces and Kings: RULES.md "Double Aces and Kings", rule ids in the comments.
import type { Game } from './types.js';
import { repeat, piles } from './deal-order.js';

export const doubleAcesAndKings: Game = {
  id: 'double-aces-and-kings',
  name: 'Double Aces and Kings',
  decks: 4,
  stated: null,
  // DAK-1, DAK-3: Ace foundations f0..f7 build up from any Ace, King foundations f8..f15 down
  // from any King, regardless of suit, no wrap, 13 cards at most.
  foundations: [
    { count: 8, start: 1, step: 1, wrap: false, suit: 'any' },
    { count: 8, start: 13, step: -1, wrap: false, suit: 'any' },
  ],
  foundationMax: 13,
  // DAK-4: the tableau never builds; a slot holds one card; any card fills an empty slot.
  // Decision: spaces are not auto-filled.
  tableau: {
    count: 8,
    step: 0,
    wrap: false,
    suit: 'any',
    capacity: 1,
    runs: false,
    emptyAccepts: 'always',
  },
  reserves: [13, 13, 13, 13],
  hasWaste: true,
  // DAK-5: nothing is ever added to a reserve; foundation tops may move between foundations.
  moves: ['r>f', 'r>t', 'w>f', 'w>t', 't>f', 't>t', 'f>f', 'f>t'],
  draw: 'to-waste', // DAK-6
  autoFill: false,
  // DAK-2: 13 cards to each reserve, then one to each slot; 148 form the stock.
  dealOrder: [...repeat('r0', 13), ...repeat('r1', 13), ...repeat('r2', 13), ...repeat('r3', 13), ...piles('t', 8)],
  cardIdentity: 'rank', // suits never matter
  hiddenReserveUnderTop: false,
  // Seeds 0..49 at 1M nodes a deal: depth-first alone won 46 (median 1 ms), best-first first 50
  // (median 13 ms); seeds 50..249: 194 of 200. Of the first five deals depth-first left unknown
  // at 6 s, a best-first pass with at most 2 shuffles in a row won four within 21k nodes.
  bestFirst: true,
  // A few restarts of the depth-first passes before the best-first rounds: the restarts win the
  // control deals at once, which otherwise wait for a long best-first round (docs/tuning.md,
  // "Restarts first", has the figures).
  restartsBeforeBestFirst: true,
};
