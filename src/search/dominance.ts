// The conditions on the rules under which a move home may be made at once, with no alternative
// searched (src/search/safe.ts makes it). The compiler (src/engine/rules.ts) turns the move on
// only where every condition holds; nothing in a rules file can.
import type { Game } from '../games/types.js';

/**
 * Safe move home: a card c of rank r may go home at once when every card of rank < r is home.
 * Proof: take any winning line L from the position; drop from it every move of c and of cards of
 * rank < r (they are all home from the start now), and every draw of c and every redeal of a
 * waste that held c alone. Every move left is legal: its card has rank >= r and is still its
 * pile's top or the bottom of a run that moves (only dropped cards lay above it: a built run
 * down by one holds lower ranks above); it lands on a tableau card of rank > r (a card Y with
 * X = Y - 1 >= r; Y cannot be c or lower, or X would be dropped too), on a pile that is empty
 * in L and so here, or home on r - 1 or higher of its suit; if that is c's foundation, c's twin
 * goes on another foundation of the suit instead (all hold A..r-1; foundations are
 * interchangeable). A face-down card uncovered earlier only allows more. Take-backs lose nothing:
 * a dropped card back in the tableau can host only cards of rank < r, all home. The draws of L
 * stay as they were: no move puts a card into the stock or the waste, so a card c that is not
 * in the waste now is never drawn in L; one that is (safeHomeFromWasteConditions) comes back
 * only by a redeal, and dropping its draws changes no other draw where one card is turned at a
 * time. So the shorter line still wins.
 *
 * Returns the conditions the rules do not meet (empty: the move is sound for them).
 */
export function safeHomeConditions(game: Game): string[] {
  const unmet: string[] = [];
  const acesUpInSuit = game.foundations.every((g) => g.start === 1 && g.build.step === 1 && !g.build.wrap && g.build.suit === 'same-suit');
  if (!acesUpInSuit) unmet.push('every foundation starts with an Ace and builds up by one in suit, no wrap');
  if (game.foundations.reduce((n, g) => n + g.count, 0) !== 4 * game.decks) unmet.push('one foundation per suit and deck');
  const t = game.tableau.build;
  if (!((t.step === -1 || t.step === 0) && !t.wrap && !t.either))
    unmet.push('the tableau builds down only, by one, without wrap, or not at all');
  if (game.tableau.runs === 'any') unmet.push('only single cards or built runs move');
  if (game.tableau.autoFill !== 'none') unmet.push('no space is filled at once');
  if (game.moves.includes('f>f')) unmet.push('no moves between foundations');
  if (game.stock.lockedUntilFoundation) unmet.push('the stock is never locked');
  if (game.opening) unmet.push('every move is allowed from the start (no opening)');
  return unmet;
}

/**
 * The safe move home of a waste card, where safeHomeConditions hold: dropping the card's draws
 * from a line shifts the cards turned together after the next redeal where several are turned
 * at a time, so it needs one card at a time, or no redeal. Returns the conditions not met.
 */
export function safeHomeFromWasteConditions(game: Game): string[] {
  const several = game.stock.draw === 'to-waste' && game.stock.drawCount !== 1;
  return several && game.stock.redeals !== 0 ? ['the stock is turned one card at a time, or never redealt'] : [];
}

/**
 * Stock plays (src/search/stockplays.ts): the search makes no draw or redeal alone; it draws (and
 * redeals) only as part of playing the card they turn up, to any waste size the draws can reach
 * with at most one redeal. Proof: take a shortest winning line L. If it begins with draws and
 * redeals and then a move of the waste's top, that is one stock play, or a stock play with fewer
 * redeals made, which can do all the other can (redeals left only add moves): a
 * redeal after the stock is drawn out from a waste size reachable without one, or a second redeal,
 * leads only to waste sizes the draws reach without it. If they are followed by another move,
 * that move's legality does not look at the stock or the waste, so it can be made first and the
 * draws after it: the line from the position it leads to is shorter. Induction on the line's
 * length: from every winnable position some move the search makes leads to one. A won position
 * has its stock and waste empty, so no draw ends a line. What the proof needs of the rules: no
 * move's legality reads the stock or the waste but a move from the waste's top, and no card goes
 * to them but by a draw or a redeal. Returns the conditions not met.
 */
export function stockPlayConditions(game: Game): string[] {
  const unmet: string[] = [];
  if (game.stock.draw !== 'to-waste') unmet.push('the stock is turned onto a waste');
  if (game.tableau.autoFill !== 'none') unmet.push('no space is filled at once (from the waste or the stock)');
  if (game.stock.lockedUntilFoundation) unmet.push('the stock is never locked');
  if (game.opening) unmet.push('every move is allowed from the start (no opening)');
  if (!game.moves.every((m) => (m[0] !== 'w' || m === 'w>f' || m === 'w>t') && m[2] !== 'w'))
    unmet.push('the waste plays to foundations and the tableau only, and nothing plays to the waste');
  return unmet;
}
