// How a search pass ends: the one status type that every pass returns and the solver reads.
// A pass that ends other than WON may leave the state anywhere on its line: the solver unwinds.

/** A position with every card home was reached; the winning line is left applied. */
export const WON = 0;
/** Every position the pass entered was expanded, and no line won. */
export const EXHAUSTED = 1;
/** The pass reached its node cap. */
export const NODES = 2;
/** The pass reached its time cap. */
export const TIME = 3;
/** Every position was expanded but some line was cut, too deep to follow. */
export const DEPTH = 4;
/** The pass stopped because its table refused a key or its node store was full. */
export const FULL = 5;

export type Status = typeof WON | typeof EXHAUSTED | typeof NODES | typeof TIME | typeof DEPTH | typeof FULL;

/** What a pass does where its table refuses a new key. */
export type OnRefusedKey = 'stop' | 'search-checking-the-line';

/**
 * The one rule for claiming a loss: a pass proves the position lost only if
 * - it allows every move (`exact`: no shuffle bound, no base rank chosen in advance; the safe
 *   move of a game is proved never to lose a win);
 * - it ended EXHAUSTED: no node or time cap reached, no line cut at the depth limit (DEPTH), not
 *   stopped by a full table or node store (FULL);
 * - if its table refused keys, it searched those positions anyway and skipped only a position
 *   that repeats one on the current line (`onRefusedKey`). A skipped position is then either in
 *   the table (searched to its end already, or on the current line) or a repeat of the line, and
 *   a winning line through a repeat of a position P on the line is a longer way to a win from P,
 *   which the search is still searching from P. A pass that skipped a refused position
 *   unsearched may have skipped the only way to win; one that searched it with no check against
 *   the line may run round a cycle, which ends only at the depth limit. Both prove nothing.
 */
export function provesLoss(status: Status, exact: boolean, refusedKeys: boolean, onRefusedKey: OnRefusedKey): boolean {
  return status === EXHAUSTED && exact && (!refusedKeys || onRefusedKey === 'search-checking-the-line');
}
