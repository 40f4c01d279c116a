/** `n` copies of one pile id: that pile is dealt `n` cards in a row. */
export const repeat = (pile: string, n: number): string[] => Array.from({ length: n }, () => pile);
/** `t0, t1, ... t(n-1)`: one card to each pile of a kind in turn. */
export const piles = (kind: string, n: number): string[] => Array.from({ length: n }, (_, i) => kind + i);
