// Moves as integers: src | dst << 8 | count << 16 (count > 1 only for runs); the draw is
// src = dst = the stock, the redeal src = dst = the waste. A stock play (the search's alone,
// src/search/prunings/stockplays.ts) is src = the stock, dst = where the card goes, and in place of the
// count the waste's size to draw to, plus STOCK_PLAY_REDEAL where a redeal comes first. This file
// alone knows that layout: others use the accessors. Generation, apply and undo for every game,
// from the compiled rules; apply records what else a move did (base rank fixed, space
// auto-filled, card turned face up, cards drawn or dealt) so that undo restores the state and
// its key exactly.
import { cardName } from '../notation/cards.js';
import { KIND_F, KIND_S, KIND_T, KIND_W, RUNS_ANY, RUNS_BUILT, START_BASE, pileId, pileIndex, type GameTables } from './tables.js';
import type { State } from './state.js';
import { cardMoveText, readMoveText } from '../notation/moves.js';

export const encodeMove = (src: number, dst: number, count: number): number => src | (dst << 8) | (count << 16);
/** The pile a move takes cards from (the stock for the draw). */
export const moveSrc = (m: number): number => m & 255;
/** The pile a move puts cards on (the stock for the draw). */
export const moveDst = (m: number): number => (m >>> 8) & 255;
/** How many cards a move takes as one run (1 but for runs). */
export const moveCount = (m: number): number => m >>> 16;
export const drawMove = (rules: GameTables): number => encodeMove(rules.stock, rules.stock, 1);
export const redealMove = (rules: GameTables): number => encodeMove(rules.waste, rules.waste, 1);

const STOCK_PLAY_REDEAL = 256;
/**
 * Draws (after drawing the stock out and a redeal, with `redeal`) until the waste holds `split`
 * cards, then plays the waste's top to `dst`: one move of the search for what is several in play.
 */
export const stockPlayMove = (rules: GameTables, dst: number, split: number, redeal: boolean): number =>
  encodeMove(rules.stock, dst, split | (redeal ? STOCK_PLAY_REDEAL : 0));
export const isStockPlay = (rules: GameTables, m: number): boolean => moveSrc(m) === rules.stock && moveDst(m) !== rules.stock;
/** The waste's size a stock play draws to (its top is the card played). */
export const stockPlaySplit = (m: number): number => moveCount(m) & 255;
export const stockPlayRedeals = (m: number): boolean => (moveCount(m) & STOCK_PLAY_REDEAL) !== 0;

// A shift home's count field: the flag, the pile the run goes to (8 bits) and the run's length (a
// run covering a card in one deck holds at most 12); bit 31 stays clear, so moves stay >= 0.
const SHIFT_HOME = 1 << 14;
/**
 * Moves the run of `count` cards from src's top onto `via`, then the card it covered home to `dst`:
 * one move of a search keyed by arrangement (src/search/prunings/arrangements.ts) for what is two in play.
 */
export const shiftHomeMove = (src: number, dst: number, via: number, count: number): number =>
  encodeMove(src, dst, SHIFT_HOME | (via << 6) | count);
export const isShiftHome = (m: number): boolean => (moveCount(m) & SHIFT_HOME) !== 0;
/** The pile a shift home moves the covering run onto. */
export const shiftVia = (m: number): number => (moveCount(m) >>> 6) & 255;
/** How many cards a shift home moves across before the card goes home. */
export const shiftCount = (m: number): number => moveCount(m) & 63;

// lineInfo bits: the low byte is how many cards a draw turned or dealt (a stock play: the waste's
// size before it).
const BASE_SET = 1 << 8;
const FILLED_FROM_WASTE = 1 << 9;
const FILLED_FROM_STOCK = 1 << 10;
const TABLEAU_NOW_INTERCHANGEABLE = 1 << 11;
const TURNED_UP = 1 << 12;

/**
 * Room a search leaves for one position's moves: enough in every built-in game; a position with
 * more (rules.maxMoves bounds them) makes generateMoves throw, never drop one.
 */
export const MAX_MOVES = 1024;

/**
 * The tableau piles (bit t - firstTableau) that take `card` on their top or in their space, as the
 * last generateMoves of this state found them (for the stock plays made of the same position).
 */
export function pilesTaking(s: State, card: number): number {
  return s.tableauTakers[card]! | (s.rules.spaceTakes[card] === 1 ? s.tableauSpaces : 0);
}

/** Whether an empty foundation or a foundation's top takes `card`. */
export function foundationAccepts(s: State, f: number, card: number): boolean {
  const r = s.rules;
  const l = s.len[f]!;
  const g = r.groupOf[f]!;
  if (l === 0) {
    const start = r.groupStart[g]!;
    const rank = (card >> 2) + 1;
    return start === START_BASE ? s.base === 0 || rank === s.base : start === rank;
  }
  return l < r.capacity[f]! && r.foundationFollows[g * 2704 + s.cards[f * s.stride + l - 1]! * 52 + card] === 1;
}

/** A set of cards as two words (cards 0..31 in lo, 32..51 in hi), owned by its caller and refilled in place. */
export class CardSet {
  lo = 0;
  hi = 0;

  has(card: number): boolean {
    return ((card < 32 ? this.lo >>> card : this.hi >>> (card - 32)) & 1) === 1;
  }
}

/** Where generateMoves (and searchMoves) put the home set when their caller keeps none. */
export const scratchHome = new CardSet();

/**
 * Writes the legal moves into `out` from index `at` and returns how many; `home` is set to the
 * cards some foundation takes now (move ordering reads it). With `canonical`, moves
 * that lead to the same position up to interchangeable piles are written once: of identical piles
 * (empty ones too) only the first is a source or destination, and moving a whole pile into an
 * empty pile of the same kind (which changes nothing) is left out.
 */
export function generateMoves(s: State, out: Int32Array, canonical: boolean, at = 0, home: CardSet = scratchHome): number {
  const r = s.rules;
  const len = s.len;
  const cards = s.cards;
  const stride = s.stride;
  const ft = r.firstTableau;
  const endT = ft + r.nTableau;
  // A space is the player's once what fills it at once (the waste, the stock) is out.
  const emptyOpen = !r.autoFillFromStock || (len[r.stock] === 0 && (!r.autoFillFromWaste || len[r.waste] === 0));
  const down = s.down;
  const tableauShared = s.pileClass === s.zobrist.sharedClass;
  const rep = s.twinOf;
  // Until a card is home (the dealt first cards aside) the rules' opening may allow fewer moves.
  const canMove = r.hasOpening && s.foundationCards() <= r.dealtHome ? r.canMoveOpening : r.canMove;
  if (canonical) findTwins(s);
  // The cards some foundation takes as a 52-bit set, and per card the tableau piles that take
  // it (bit t - firstTableau): most sources are taken by none, and are passed over without a look
  // at every pile, and a card is tried only on the piles that take it.
  let homeLo = 0;
  let homeHi = 0;
  for (let f = 0; f < r.nFoundations; f++) {
    const lf = len[f]!;
    if (lf === 0) {
      const start = r.groupStart[r.groupOf[f]!]!;
      const rank = start === START_BASE ? s.base : start;
      if (start === START_BASE && s.base === 0) {
        homeLo = homeHi = 0xffffffff;
      } else if (rank > 0) {
        homeLo |= r.rankLo[rank]!;
        homeHi |= r.rankHi[rank]!;
      }
    } else if (lf < r.capacity[f]!) {
      const i = r.groupOf[f]! * 52 + cards[f * stride + lf - 1]!;
      homeLo |= r.foundationNextLo[i]!;
      homeHi |= r.foundationNextHi[i]!;
    }
  }
  const takers = s.tableauTakers.fill(0);
  let emptyPiles = 0;
  for (let t = ft; t < endT; t++) {
    const lt = len[t]!;
    const bit = 1 << (t - ft);
    if (lt === 0) {
      if (emptyOpen) emptyPiles |= bit;
    } else if (lt < r.capacity[t]!) {
      const top = cards[t * stride + lt - 1]!;
      for (let lo = r.tableauNextLo[top]!; lo !== 0; lo &= lo - 1) {
        const card = 31 - Math.clz32(lo & -lo);
        takers[card] = takers[card]! | bit;
      }
      for (let hi = r.tableauNextHi[top]!; hi !== 0; hi &= hi - 1) {
        const card = 63 - Math.clz32(hi & -hi);
        takers[card] = takers[card]! | bit;
      }
    }
  }
  home.lo = homeLo;
  home.hi = homeHi;
  s.tableauSpaces = emptyPiles;
  // Keyed by arrangement, a run from above its pile's lowest face-up card onto another pile keeps
  // the class and is not searched (src/search/prunings/arrangements.ts): only whole face-up runs are tried.
  const wholeRuns = s.arrangementKeyed;
  let n = at;
  for (let src = 0; src < r.nPiles; src++) {
    const l = len[src]!;
    const kind = r.kindOf[src]!;
    if (l === 0 || kind === KIND_S || (canonical && rep[src] !== src)) continue;
    if (kind === KIND_F && l <= r.minFoundation[r.groupOf[src]!]!) continue;
    const card = cards[src * stride + l - 1]!;
    if (canMove[kind * 5 + KIND_F] === 1 && ((card < 32 ? homeLo >>> card : homeHi >>> (card - 32)) & 1) === 1) {
      for (let f = 0; f < r.nFoundations; f++) {
        if (f === src || (canonical && rep[f] !== f && rep[f] !== src) || !foundationAccepts(s, f, card)) continue;
        if (canonical && len[f] === 0 && kind === KIND_F && l === 1 && r.groupOf[src] === r.groupOf[f]) continue;
        out[n++] = encodeMove(src, f, 1);
      }
    }
    if (canMove[kind * 5 + KIND_T] !== 1) continue;
    const movable = l - down[src]!;
    for (let count = wholeRuns && kind === KIND_T ? movable : 1; count <= movable; count++) {
      const bottom = cards[src * stride + l - count]!;
      if (
        count > 1 &&
        (kind !== KIND_T ||
          (r.runs !== RUNS_ANY && (r.runs !== RUNS_BUILT || r.tableauFollows[bottom * 52 + cards[src * stride + l - count + 1]!] !== 1)))
      )
        break;
      // The piles in ascending order, as a loop over every tableau pile would give them.
      for (let piles = takers[bottom]! | (r.spaceTakes[bottom] === 1 ? emptyPiles : 0); piles !== 0; piles &= piles - 1) {
        const t = ft + 31 - Math.clz32(piles & -piles);
        if (t === src || (canonical && rep[t] !== t && rep[t] !== src)) continue;
        const lt = len[t]!;
        if (lt === 0 ? canonical && tableauShared && kind === KIND_T && count === l : lt + count > r.capacity[t]!) continue;
        out[n++] = encodeMove(src, t, count);
      }
    }
  }
  if (len[r.stock]! > 0) {
    if (!r.lockedStock || s.foundationCards() > r.dealtHome) out[n++] = drawMove(r);
  } else if (len[r.waste]! > 0 && s.redeals < r.redeals) out[n++] = redealMove(r);
  // A typed array drops what is written past its end: a move left out could turn a win into a loss.
  if (n > out.length) throw new Error(`a position of ${r.game.id} has more moves than the ${out.length - at} places given for them`);
  return n - at;
}

/**
 * Sets `s.twinOf[p]` to the first pile identical to p for the hash (same class, same cards up to
 * what the rules tell apart), or to p itself. A move from or to a twin leads where the same move
 * from or to that first pile leads, so canonical generation makes only the latter. Only piles of
 * one kind can be twins, and the kinds lie in runs of pile indices. The hash lane is compared
 * first: it nearly always differs, and this pairwise loop (120 pairs among 16 foundations of
 * four decks) was a fifth of such a game's search time.
 */
function findTwins(s: State): void {
  const rep = s.twinOf;
  const cls = s.pileClass;
  const lo = s.pileLo;
  const hi = s.pileHi;
  const len = s.len;
  const kind = s.rules.kindOf;
  let runStart = 0;
  for (let p = 0; p < s.rules.nPiles; p++) {
    if (kind[p] !== kind[runStart]) runStart = p;
    rep[p] = p;
    const pLo = lo[p]!;
    for (let q = runStart; q < p; q++) {
      if (lo[q] === pLo && hi[q] === hi[p] && len[q] === len[p] && cls[q] === cls[p]) {
        rep[p] = q;
        break;
      }
    }
  }
}

export function applyMove(s: State, m: number): void {
  const r = s.rules;
  const src = moveSrc(m);
  const dst = moveDst(m);
  let info = 0;
  if (src === r.waste && dst === r.waste) {
    s.shiftSplit(0);
    s.setRedeals(s.redeals + 1);
  } else if (src === r.stock && dst !== r.stock) {
    // A stock play. Draws and redeals keep the cards of waste (bottom to top) and stock (top to
    // bottom) in one order, so the waste of `split` cards is its first cards however it is reached.
    info = s.len[r.waste]!;
    if (stockPlayRedeals(m)) s.setRedeals(s.redeals + 1);
    s.shiftSplit(stockPlaySplit(m));
    const card = s.pop(r.waste);
    s.push(dst, card);
    if (r.usesBaseRank && s.base === 0 && r.kindOf[dst] === KIND_F) {
      s.setBase((card >> 2) + 1);
      info |= BASE_SET;
    }
  } else if (src === r.stock) {
    if (r.drawToTableau) {
      const k = Math.min(r.nTableau, s.len[src]!);
      for (let i = 0; i < k; i++) s.push(r.firstTableau + i, s.pop(src));
      info = k;
      if (s.len[src] === 0) {
        s.setTableauInterchangeable(true);
        info |= TABLEAU_NOW_INTERCHANGEABLE;
      }
    } else {
      const k = Math.min(r.drawCount, s.len[src]!);
      s.shiftSplit(s.len[r.waste]! + k);
      info = k;
    }
  } else {
    const shift = isShiftHome(m);
    if (shift) moveRun(s, src, shiftVia(m), shiftCount(m));
    const count = shift ? 1 : moveCount(m);
    const bottom = s.cards[src * s.stride + s.len[src]! - count]!;
    moveRun(s, src, dst, count);
    if (r.usesBaseRank && s.base === 0 && r.kindOf[dst] === KIND_F) {
      s.setBase((bottom >> 2) + 1);
      info |= BASE_SET;
    }
    if (s.len[src]! > 0 && s.len[src] === s.down[src]) {
      s.setDown(src, s.down[src]! - 1);
      info |= TURNED_UP;
    }
    if (r.autoFillFromStock && r.kindOf[src] === KIND_T && s.len[src] === 0) {
      if (r.autoFillFromWaste && s.len[r.waste]! > 0) {
        s.push(src, s.pop(r.waste));
        info |= FILLED_FROM_WASTE;
      } else if (s.len[r.stock]! > 0) {
        s.push(src, s.pop(r.stock));
        info |= FILLED_FROM_STOCK;
      }
    }
  }
  s.line[s.depth] = m;
  s.lineInfo[s.depth] = info;
  s.depth++;
}

/** Moves the top `count` cards of src onto dst in their order. */
function moveRun(s: State, src: number, dst: number, count: number): void {
  const from = src * s.stride + s.len[src]! - count;
  for (let i = 0; i < count; i++) s.push(dst, s.cards[from + i]!);
  for (let i = 0; i < count; i++) s.pop(src);
}

export function undoMove(s: State): void {
  const r = s.rules;
  s.depth--;
  const m = s.line[s.depth]!;
  const info = s.lineInfo[s.depth]!;
  const src = moveSrc(m);
  const dst = moveDst(m);
  if (src === r.waste && dst === r.waste) {
    s.setRedeals(s.redeals - 1);
    s.shiftSplit(s.len[r.waste]! + s.len[r.stock]!);
    return;
  }
  if (src === r.stock && dst !== r.stock) {
    if (info & BASE_SET) s.setBase(0);
    s.push(r.waste, s.pop(dst));
    if (stockPlayRedeals(m)) s.setRedeals(s.redeals - 1);
    s.shiftSplit(info & 255);
    return;
  }
  if (src === r.stock) {
    if (r.drawToTableau) {
      if (info & TABLEAU_NOW_INTERCHANGEABLE) s.setTableauInterchangeable(false);
      for (let i = (info & 255) - 1; i >= 0; i--) s.push(src, s.pop(r.firstTableau + i));
    } else {
      s.shiftSplit(s.len[r.waste]! - (info & 255));
    }
    return;
  }
  if (info & FILLED_FROM_WASTE) s.push(r.waste, s.pop(src));
  else if (info & FILLED_FROM_STOCK) s.push(r.stock, s.pop(src));
  if (info & TURNED_UP) s.setDown(src, s.down[src]! + 1);
  if (info & BASE_SET) s.setBase(0);
  if (isShiftHome(m)) {
    s.push(src, s.pop(dst));
    moveRun(s, shiftVia(m), src, shiftCount(m));
    return;
  }
  moveRun(s, dst, src, moveCount(m));
}

/** FORMATS.md notation: `t3>f0`, `t2:3>t5`, `draw`, `redeal`. */
export function formatMove(rules: GameTables, m: number): string {
  const src = moveSrc(m);
  if (isStockPlay(rules, m)) throw new Error('a stock play is written as its draws and move (src/search/prunings/stockplays.ts)');
  if (isShiftHome(m)) throw new Error('a shift home is written as its two moves (src/search/prunings/stockplays.ts)');
  if (src === rules.stock) return 'draw';
  if (src === rules.waste && moveDst(m) === rules.waste) return 'redeal';
  const count = moveCount(m);
  return cardMoveText(pileId(rules, src), pileId(rules, moveDst(m)), count);
}

/** Reads FORMATS.md notation into a move; -1 if it is not well formed or names no such pile. */
export function parseMove(rules: GameTables, text: string): number {
  const move = readMoveText(text.trim().toLowerCase());
  if (move === null) return -1;
  if (move.kind === 'draw') return drawMove(rules);
  if (move.kind === 'redeal') return rules.redeals > 0 ? redealMove(rules) : -1;
  const src = pileIndex(rules, move.src);
  const dst = pileIndex(rules, move.dst);
  if (src < 0 || dst < 0 || src === dst || move.count > 255) return -1;
  return encodeMove(src, dst, move.count);
}

/** Whether `m` is among the legal moves of the position. */
export function isLegal(s: State, m: number): boolean {
  const moves = new Int32Array(s.rules.maxMoves);
  const n = generateMoves(s, moves, false);
  for (let i = 0; i < n; i++) if (moves[i] === m) return true;
  return false;
}

const PILE_WORDS = ['foundation', 'tableau', 'reserve', 'stock', 'waste'];

/** A move in words, before it is applied: `7H waste -> tableau 3`, `draw 7H`, `deal 8 cards`. */
export function describeMove(s: State, m: number): string {
  const r = s.rules;
  const src = moveSrc(m);
  if (isStockPlay(r, m)) throw new Error('a stock play is described as its draws and move (src/search/prunings/stockplays.ts)');
  if (isShiftHome(m)) throw new Error('a shift home is described as its two moves (src/search/prunings/stockplays.ts)');
  if (src === r.stock) {
    if (r.drawToTableau) return `deal ${Math.min(r.nTableau, s.len[src]!)} cards onto the tableau`;
    const k = Math.min(r.drawCount, s.len[src]!);
    return k === 1 ? `draw ${cardName(s.top(src))}` : `draw ${k} cards, ${cardName(s.cards[src * s.stride + s.len[src]! - k]!)} on top`;
  }
  if (src === r.waste && moveDst(m) === r.waste) return `turn the waste over into the stock (redeal ${s.redeals + 1})`;
  const count = moveCount(m);
  const pileWords = (p: number): string => {
    const kind = r.kindOf[p]!;
    return kind === KIND_S || kind === KIND_W ? PILE_WORDS[kind]! : `${PILE_WORDS[kind]} ${pileId(r, p).slice(1)}`;
  };
  const cards = count > 1 ? `${count} cards from ${cardName(s.cards[src * s.stride + s.len[src]! - count]!)}` : cardName(s.top(src));
  return `${cards} ${pileWords(src)} -> ${pileWords(moveDst(m))}`;
}
