// Pile ids and moves as ../shared/FORMATS.md writes them: the one reader of that notation, for
// the rules format (deal steps), the deal, the engine and the referee alike. Notation is the
// format, not the rules: whether a pile exists in a game, or a move is legal, each reader decides
// with code of its own.
//   pile ids  f0.. (foundations), t0.. (tableau), r0.. (reserves), s (stock), w (waste)
//   moves     SRC>DST (one card), SRC:N>DST (a run of N cards), draw, redeal
// A number is written without leading zeros (`t0`, `t12`, never `t00`): one pile, one id.

/** The letter of a pile id: foundation, tableau, reserve, stock, waste. */
export type PileLetter = 'f' | 't' | 'r' | 's' | 'w';

/** A pile as an id names it: its letter, and its number among the piles of that letter (0 for s and w). */
export interface PileRef {
  letter: PileLetter;
  index: number;
}

/** A pile id: a numbered pile (`f3`, `t0`, `r1`) or the stock or the waste. */
export const PILE_ID = /^(?:[ftr](?:0|[1-9]\d*)|[sw])$/;

/** The piles a card is moved or dealt from or to: every pile but the stock, which only `draw` takes from. */
const CARD_PILE = '[ftr](?:0|[1-9]\\d*)|w';
export const CARD_PILE_ID = new RegExp(`^(?:${CARD_PILE})$`);
const CARD_MOVE = new RegExp(`^(${CARD_PILE})(?::([1-9]\\d*))?>(${CARD_PILE})$`);

/** The pile an id names, or null if the text is not a pile id. */
export function readPileId(id: string): PileRef | null {
  if (!PILE_ID.test(id)) return null;
  const letter = id[0] as PileLetter;
  return { letter, index: id.length > 1 ? Number(id.slice(1)) : 0 };
}

/** The id of a pile. */
export const pileIdOf = (letter: PileLetter, index: number): string => (letter === 's' || letter === 'w' ? letter : `${letter}${index}`);

/** A move as its text says it: a draw, a redeal, or `count` cards from one pile to another. */
export type MoveText = { kind: 'draw' } | { kind: 'redeal' } | { kind: 'cards'; src: PileRef; dst: PileRef; count: number };

/** Reads a move's text exactly as FORMATS.md writes it (no spaces, lower case); null if it is not a move. */
export function readMoveText(text: string): MoveText | null {
  if (text === 'draw') return { kind: 'draw' };
  if (text === 'redeal') return { kind: 'redeal' };
  const m = CARD_MOVE.exec(text);
  if (!m) return null;
  return { kind: 'cards', src: readPileId(m[1]!)!, dst: readPileId(m[3]!)!, count: m[2] === undefined ? 1 : Number(m[2]) };
}

/** The text of a move of `count` cards between two piles. */
export const cardMoveText = (src: string, dst: string, count: number): string => `${src}${count > 1 ? `:${count}` : ''}>${dst}`;
