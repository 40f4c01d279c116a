// What a player sees (RULES.md "What a player sees"): every pile face up except the stock's
// order, the reserve cards under the top where the rules show only a reserve's top, and the
// tableau's face-down cards. A player's code gets only this. A card once seen stays known: a
// stock turned over from the waste (a redeal, which only an empty stock allows) holds only cards
// the player saw turned up, in the order it saw them, so from the first redeal on it is shown.
import { cardName, orderedDecks } from '../notation/cards.js';
import { shuffle } from '../position/deal.js';
import type { State } from '../engine/state.js';
import type { Position } from '../position/position.js';
import { dealsFaceDown } from '../games/deal-order.js';
import { getGame } from '../games/index.js';
import { mix32 } from '../engine/zobrist.js';

export interface View {
  game: Position['game'];
  foundations: string[][];
  /** Tableau piles with only their face-up cards; `tableauHidden[i]` cards lie face down beneath. */
  tableau: string[][];
  tableauHidden: number[];
  /** Reserves with only their visible cards; `hiddenUnder[i]` cards lie face down beneath. */
  reserves: string[][];
  hiddenUnder: number[];
  waste: string[];
  stockCount: number;
  /** The stock, bottom to top, once it is known: after a redeal. */
  stock?: string[];
  base?: string | null;
  /** Redeals made (games with redeals). */
  redeals?: number;
  /** The cards the player has not seen, sorted: the stock (unless known), the hidden reserve and face-down tableau cards. */
  unseen: string[];
}

export function viewOf(pos: Position): View {
  const game = getGame(pos.game);
  const hideUnderTop = (i: number): boolean => game.reserves[i]!.visible === 'top';
  const reserves = pos.reserves.map((p, i) => (hideUnderTop(i) ? p.slice(-1) : [...p]));
  const hiddenUnder = pos.reserves.map((p, i) => (hideUnderTop(i) ? Math.max(0, p.length - 1) : 0));
  const tableauHidden = pos.tableau.map((_, i) => pos.faceDown?.[i] ?? 0);
  const tableau = pos.tableau.map((p, i) => p.slice(tableauHidden[i]));
  const stockKnown = (pos.redeals ?? 0) > 0;
  const seen = new Map<string, number>();
  for (const pile of [...pos.foundations, ...tableau, ...reserves, pos.waste, ...(stockKnown ? [pos.stock] : [])]) {
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
    tableau,
    tableauHidden,
    reserves,
    hiddenUnder,
    waste: [...pos.waste],
    stockCount: pos.stock.length,
    ...(stockKnown ? { stock: [...pos.stock] } : {}),
    ...('base' in pos ? { base: pos.base ?? null } : {}),
    ...(pos.redeals !== undefined ? { redeals: pos.redeals } : {}),
    unseen,
  };
}

/**
 * A full position consistent with the view: the unseen cards, in the order given, fill the
 * hidden reserve cards (bottom up), then the face-down tableau cards (bottom up), then the stock
 * (bottom up) unless it is known.
 */
export function determinize(view: View, unseenOrder: readonly string[]): Position {
  let next = 0;
  const take = (n: number): string[] => unseenOrder.slice(next, (next += n));
  const pos: Position = {
    game: view.game,
    foundations: view.foundations.map((p) => [...p]),
    tableau: [],
    reserves: view.reserves.map((p, i) => [...take(view.hiddenUnder[i]!), ...p]),
    stock: [],
    waste: [...view.waste],
  };
  pos.tableau = view.tableau.map((p, i) => [...take(view.tableauHidden[i]!), ...p]);
  pos.stock = view.stock ? [...view.stock] : take(view.stockCount);
  if ('base' in view) pos.base = view.base ?? null;
  if (dealsFaceDown(getGame(view.game))) pos.faceDown = [...view.tableauHidden];
  if (view.redeals !== undefined) pos.redeals = view.redeals;
  return pos;
}

/** The cards of a position that its view hides, in the order `determinize` fills them. */
export function hiddenCards(pos: Position): string[] {
  const view = viewOf(pos);
  return [
    ...pos.reserves.flatMap((r, i) => r.slice(0, view.hiddenUnder[i]!)),
    ...pos.tableau.flatMap((t, i) => t.slice(0, view.tableauHidden[i]!)),
    ...(view.stock ? [] : pos.stock),
  ];
}

/** The shuffle seed of sample `k` at a player's `decision` in one deal: the same game replays the same. */
export function sampleSeed(seed: number, dealSeed: number, decision: number, k: number): number {
  return mix32((seed * 0x9e3779b1) ^ mix32(dealSeed ^ mix32(decision * 0x85ebca6b + k)));
}

/** Loads `state` with sample `k`: the `unseen` cards shuffled (sampleSeed) into the view's hidden places. */
export function loadSample(
  state: State,
  view: View,
  unseen: readonly number[],
  seed: number,
  dealSeed: number,
  decision: number,
  k: number,
): void {
  const order = [...unseen];
  shuffle(order, sampleSeed(seed, dealSeed, decision, k));
  state.load(determinize(view, order.map(cardName)));
}
