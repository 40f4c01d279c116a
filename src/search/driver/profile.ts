// The search profile: where the solver's plan begins, chosen from features of the compiled rules,
// never from a game's name or a field of its rules file (docs/tuning.md has the measurements):
// - Best-first rounds first where the stock turns onto a waste and no pile fills itself: there a
//   best-first pass wins most deals that depth-first leaves unknown, and where a draw deals onto
//   every pile or spaces fill at once from the waste it wins none.
// - A few restarts of the depth-first passes before the rounds where the tableau is one-card
//   slots: the restarts win those deals at once, which otherwise wait for a long best-first
//   round; where the tableau builds, the rounds first win more of the hard deals.
// - Stock plays (stockplays.ts) only where the stock is redealt: there they decide more deals in
//   fewer positions; where one card is turned and never redealt, every card of a long stock is a
//   move of its own, and they decide no more in many times the time.
import type { Game } from '../../games/types.js';
import { stockPlayConditions } from '../prunings/dominance.js';
import type { GameTables } from '../../engine/tables.js';

export interface SearchProfile {
  /** Whether the search begins with best-first rounds (src/search/passes/bestfirst.ts). */
  bestFirst: boolean;
  /** Whether a few restarts of the depth-first passes come before those rounds. */
  restartsBeforeBestFirst: boolean;
}

export function searchProfile(rules: GameTables): SearchProfile {
  const bestFirst = rules.hasWaste && !rules.autoFillFromStock;
  return { bestFirst, restartsBeforeBestFirst: bestFirst && rules.capacity[rules.firstTableau] === 1 };
}

/** Whether the search takes stock plays: where their proof holds (stockPlayConditions) and the stock is redealt. */
export const takesStockPlays = (game: Game): boolean => stockPlayConditions(game).length === 0 && game.stock.redeals > 0;
