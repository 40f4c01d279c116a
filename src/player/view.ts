// What a player sees (RULES.md "What a player sees"): every pile face up except the stock's
// order and, in Mamy Susan, the reserve cards under the top. A player's code gets only this.
import { cardName, orderedDecks } from '../cards.js';
import type { Position } from '../position.js';
import { getGame } from '../games/index.js';

export interface View {
  game: Position['game'];
  foundations: string[][];
  tableau: string[][];
  /** Reserves with only their visible cards; `hiddenUnder[i]` cards lie face down beneath. */
  reserves: string[][];
  hiddenUnder: number[];
  waste: string[];
  stockCount: number;
  base?: string | null;
  /** The cards the player has not seen, sorted: the stock and the hidden reserve cards. */
  unseen: string[];
}

export function viewOf(pos: Position): View {
  const game = getGame(pos.game);
  const hideUnderTop = game.hiddenReserveUnderTop;
  const reserves = pos.reserves.map((p) => (hideUnderTop ? p.slice(-1) : [...p]));
  const hiddenUnder = pos.reserves.map((p) => (hideUnderTop ? Math.max(0, p.length - 1) : 0));
  const seen = new Map<string, number>();
  for (const pile of [...pos.foundations, ...pos.tableau, ...reserves, pos.waste]) {
    for (const c of pile) seen.set(c, (seen.get(c) ?? 0) + 1);
  }
  const unseen: string[] = [];
  for (const card of orderedDecks(game.decks).map(cardName).sort()) {
    const n = seen.get(card) ?? 0;
    if (n > 0) seen.set(card, n - 1);
    else unseen.push(card);
  }
  return {
    game: pos.game,
    foundations: pos.foundations.map((p) => [...p]),
    tableau: pos.tableau.map((p) => [...p]),
    reserves,
    hiddenUnder,
    waste: [...pos.waste],
    stockCount: pos.stock.length,
    ...('base' in pos ? { base: pos.base ?? null } : {}),
    unseen,
  };
}

/**
 * A full position consistent with the view: the unseen cards, in the order given, fill the
 * hidden reserve cards (bottom up) and then the stock (bottom up).
 */
export function determinize(view: View, unseenOrder: readonly string[]): Position {
  let next = 0;
  const take = (n: number): string[] => unseenOrder.slice(next, (next += n));
  const pos: Position = {
    game: view.game,
    foundations: view.foundations.map((p) => [...p]),
    tableau: view.tableau.map((p) => [...p]),
    reserves: view.reserves.map((p, i) => [...take(view.hiddenUnder[i]!), ...p]),
    stock: take(view.stockCount),
    waste: [...view.waste],
  };
  if ('base' in view) pos.base = view.base ?? null;
  return pos;
}
