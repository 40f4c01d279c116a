// The search profile: where the solver's plan begins, chosen from features of the compiled rules,
// never from a game's name or a field of its rules file. The features and the figures that chose
// them (docs/tuning.md has the rows):
// - Best-first rounds first where the stock turns onto a waste and no pile fills itself: on those
//   games (Double Aces and Kings, Mamy Susan) a best-first pass won most deals that depth-first
//   left unknown (seeds 0..49 at 1M positions: 50 against 46, and 36 against 22 alone), while it
//   won none of 30 deals where a draw deals onto every pile or spaces fill at once from the waste
//   (Double Dot, Double Signora).
// - A few restarts of the depth-first passes before the rounds where the tableau is one-card
//   slots (Double Aces and Kings): the restarts win those deals at once, which otherwise wait for
//   a long best-first round; where the tableau builds (Mamy Susan) every round first won more of
//   the hard deals (19 against 17 of 48).
// - Stock plays (stockplays.ts) only where the stock is redealt: there they decided more deals
//   in fewer positions; where one card is turned and never redealt, every card of a long stock is
//   a move of its own, and they decided as many or fewer in two to seventy times the time.
import type { Game } from '../games/types.js';
import { stockPlayConditions } from './dominance.js';
import type { Rules } from '../engine/rules.js';

export interface SearchProfile {
  /** Whether the search begins with best-first rounds (src/search/bestfirst.ts). */
  bestFirst: boolean;
  /** Whether a few restarts of the depth-first passes come before those rounds. */
  restartsBeforeBestFirst: boolean;
}

export function searchProfile(rules: Rules): SearchProfile {
  const bestFirst = rules.hasWaste && !rules.autoFillFromStock;
  return { bestFirst, restartsBeforeBestFirst: bestFirst && rules.capacity[rules.firstTableau] === 1 };
}

/** Whether the search takes stock plays: where their proof holds (stockPlayConditions) and the stock is redealt. */
export const takesStockPlays = (game: Game): boolean => stockPlayConditions(game).length === 0 && game.stock.redeals > 0;
