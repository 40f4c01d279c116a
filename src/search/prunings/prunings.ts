// The prunings a search of a game runs with, each on where its proof's conditions hold
// (src/search/prunings/dominance.ts): the search derives them from the compiled rules, and nothing in a
// rules file switches one on. The engine knows none of them: the search reads its switches here,
// and installs on a State the keys they allow (src/search/start.ts). In words, they are what
// `solve` names beside a proved loss, so that a reader knows what the proof leans on and can
// re-decide it with `solve --plain`.
import { compileGame } from '../../engine/game.js';
import type { GameTables } from '../../engine/tables.js';
import { cardIdentity, suitSwaps } from '../../engine/symmetry.js';
import type { Game } from '../../games/types.js';
import {
  arrangementConditions,
  deadlockConditions,
  hostSwapConditions,
  looseSafeHomeLags,
  safeHomeConditions,
  safeHomeFromWasteConditions,
  safeHomeLags,
  stockAsSetConditions,
} from './dominance.js';
import { takesStockPlays } from '../driver/profile.js';

export interface PruningSet {
  /** The safe move home of src/search/prunings/safe.ts (safeHomeConditions). */
  readonly safeHome: boolean;
  /** Which suits' foundations that move waits for, and how far (safeHomeLags). */
  readonly safeHomeLags: Uint8Array;
  /** A second test that also makes a card safe, where the rules allow it (looseSafeHomeLags), or null. */
  readonly looseSafeHomeLags: Uint8Array | null;
  /** Whether that move may also take a card from the waste (safeHomeFromWasteConditions). */
  readonly safeHomeFromWaste: boolean;
  /** Host swaps of src/search/prunings/hostswaps.ts (hostSwapConditions). */
  readonly hostSwaps: boolean;
  /** Whether a search keys tableau piles by their face-down and lowest face-up cards (State.setArrangementKeyed; arrangementConditions). */
  readonly arrangements: boolean;
  /** Whether the search makes no move from a dead position (src/search/prunings/deadlock.ts; deadlockConditions). */
  readonly deadlocks: boolean;
  /** Whether the search draws only as part of a stock play (src/search/prunings/stockplays.ts; takesStockPlays in profile.ts). */
  readonly stockPlays: boolean;
  /** Whether a search keys the stock and the waste as one set of cards (State.setStockAsSet; stockAsSetConditions). */
  readonly stockAsSet: boolean;
  /**
   * Whether a search keys a position together with its suit images (State.setSymmetric): where
   * the rules have proved suit swaps and neither host swaps nor arrangement keys are on, as those
   * need each position keyed alone; where both could hold, they search fewer positions than suit
   * images do (docs/tuning.md).
   */
  readonly suitImages: boolean;
}

const made = new WeakMap<GameTables, PruningSet>();

/** The prunings of a compiled game; made once per game (the same object on every later call). */
export function pruningsFor(rules: GameTables): PruningSet {
  let set = made.get(rules);
  if (!set) {
    const game = rules.game;
    const hostSwaps = hostSwapConditions(game).length === 0;
    const arrangements = arrangementConditions(game).length === 0;
    set = {
      safeHome: safeHomeConditions(game).length === 0,
      safeHomeLags: safeHomeLags(game),
      looseSafeHomeLags: looseSafeHomeLags(game),
      safeHomeFromWaste: safeHomeFromWasteConditions(game).length === 0,
      hostSwaps,
      arrangements,
      deadlocks: deadlockConditions(game).length === 0,
      stockPlays: takesStockPlays(game),
      stockAsSet: stockAsSetConditions(game).length === 0,
      suitImages: suitSwaps(game).length > 0 && !hostSwaps && !arrangements,
    };
    made.set(rules, set);
  }
  return set;
}

/** The prunings of a game in words, one phrase each. */
export function pruningsInWords(game: Game): string[] {
  const set = pruningsFor(compileGame(game).rules);
  const identity = cardIdentity(game);
  return [
    'positions kept in a table by key, identical piles counted once',
    ...(identity === 'card' ? [] : [`cards of one ${identity === 'rank' ? 'rank' : 'rank and colour'} interchangeable`]),
    ...(set.suitImages ? ['a position and its suit swaps (clubs with spades, diamonds with hearts) one'] : []),
    ...(set.safeHome
      ? [
          `a card goes home at once when its suit's lower cards and every card that could be built on it are home${set.looseSafeHomeLags ? ", or its suit's lower cards, the other colour's up to two ranks below it and its colour's other suit up to three" : ''}${set.safeHomeFromWaste ? '' : ' (not a waste card)'}, and such a card is never taken back${game.moves.includes('w>f') ? ' nor laid from the waste on the tableau' : ''}`,
        ]
      : []),
    ...(set.stockPlays ? ['no draw searched alone: draws joined to the play of the card they turn up'] : []),
    // Under a draw of several the stock is keyed exactly where suit images are (State.setStockAsSet).
    ...(set.stockAsSet && (game.stock.drawCount === 1 || !set.suitImages)
      ? [
          "positions that differ only in where the stock ends and the waste begins taken for one where draws from the stock's start reach both, and for one that reaches the other by draws (redealt without limit)",
        ]
      : []),
    ...(set.arrangements
      ? [
          "positions that differ only in where the face-up cards above each pile's lowest lie taken for one, a card home from under a run searched with the run moved onto another card it may lie on",
        ]
      : set.hostSwaps
        ? ['a run that could lie on either of two free cards kept on the lower, the moves the other allows searched from there']
        : []),
    ...(set.deadlocks ? ['a position with tableau cards that can never move counted lost'] : []),
  ];
}
