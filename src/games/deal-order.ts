import type { Game } from './types.js';

/** The deal card by card: the pile each card goes to, and whether face down. */
export function dealSequence(game: Game): { pile: string; faceDown: boolean }[] {
  const out: { pile: string; faceDown: boolean }[] = [];
  for (const step of game.deal) {
    if ('pile' in step) for (let i = 0; i < step.cards; i++) out.push({ pile: step.pile, faceDown: step.faceDown });
    else
      for (let k = 0; k < step.times; k++) for (let t = step.from; t <= step.to; t++) out.push({ pile: `t${t}`, faceDown: step.faceDown });
  }
  return out;
}

/** Cards the stock holds after the deal. */
export function stockSize(game: Game): number {
  return 52 * game.decks - dealSequence(game).length - game.foundations.reduce((n, g) => n + g.firstCards.length, 0);
}

/** Whether the deal puts any card face down. */
export const dealsFaceDown = (game: Game): boolean => game.deal.some((d) => d.faceDown);

/** Whether the deal gives a foundation its base card (foundations that start at 'base-rank'): the base rank is then fixed from the start. */
export const dealsBaseCard = (game: Game): boolean => game.deal.some((d) => 'pile' in d && d.pile.startsWith('f'));
