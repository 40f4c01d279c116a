// The depth-first pass: a reachability search. Every position entered goes into the table and
// is not entered again (a position that was entered and left did not lead to a win), so a pass
// that allows every move and ends EXHAUSTED proves the loss. Once the table is full, positions
// it refuses are searched again, and one that repeats a position on the current line is
// skipped, so the pass cannot cycle and stays exact (status.ts, provesLoss). An explicit stack
// keeps deep lines off the JS call stack, and one preallocated move buffer holds every depth's
// moves: the loop allocates nothing.
import { CardSet, isShiftHome, isStockPlay, moveDst, moveSrc, undoMove } from '../../engine/moves.js';
import { shiftHomeCard } from '../prunings/arrangements.js';
import { KIND_F } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';
import { MAX_DEPTH, NEW, REFUSED, SEEN, type SearchContext } from '../driver/context.js';
import { orderMoves } from './order.js';
import { isShuffle, type DepthFirstPass } from './passes.js';
import type { PruningSet } from '../prunings/prunings.js';
import { searchMoves } from '../prunings/safe.js';
import { MAX_SEARCH_MOVES, stockPlayCard } from '../prunings/stockplays.js';
import { DEPTH, EXHAUSTED, type OnRefusedKey, type Status } from '../driver/status.js';

const MOVE_BUFFER = 1 << 24;

export class DepthFirst {
  /** Where the table refuses a key, the position is searched again unless it repeats the line. */
  static readonly onRefusedKey: OnRefusedKey = 'search-checking-the-line';
  private readonly moves = new Int32Array(MOVE_BUFFER);
  private readonly scores = new Int32Array(MAX_SEARCH_MOVES);
  /** The home set of the position whose moves are being ordered (filled by move generation). */
  private readonly home = new CardSet();
  /** Per depth: where its moves start in `moves`, how many there are, which is tried next. */
  private readonly firstMove = new Int32Array(MAX_DEPTH + 1);
  private readonly moveCount = new Int32Array(MAX_DEPTH + 1);
  private readonly nextMove = new Int32Array(MAX_DEPTH + 1);
  private readonly pathLo = new Uint32Array(MAX_DEPTH + 1);
  private readonly pathHi = new Uint32Array(MAX_DEPTH + 1);
  /** Shuffle moves in a row ending at each depth. */
  private readonly shufflesInRow = new Int32Array(MAX_DEPTH + 1);
  /** The prunings of the running search (SearchContext.prunings). */
  private prunings!: PruningSet;
  /** The base rank the running pass allows for the first foundation card (0: any). */
  private baseChoice = 0;
  /** The running pass's seed for ordering moves of equal score (0: generation order). */
  private ties = 0;
  /** The running pass's noise on move scores (DepthFirstPass.noise). */
  private noise = 0;

  /**
   * One pass from `state` (at the search's root, the table holding it: ctx.beginPass). Leaves the
   * winning line applied when it wins, `state` as it found it when it ends EXHAUSTED or DEPTH,
   * and somewhere on the line at a cap.
   */
  run(state: State, ctx: SearchContext, pass: DepthFirstPass): Status {
    const r = state.rules;
    const shuffles = pass.shuffles;
    const deepest = ctx.deepest;
    const moves = this.moves;
    const firstMove = this.firstMove;
    const moveCount = this.moveCount;
    const nextMove = this.nextMove;
    const shufflesInRow = this.shufflesInRow;
    this.prunings = ctx.prunings;
    this.baseChoice = pass.base;
    this.ties = pass.ties ?? 0;
    this.noise = pass.noise ?? 0;
    let cut = false;
    let d = 0;
    this.pathLo[0] = state.keyLo;
    this.pathHi[0] = state.keyHi;
    firstMove[0] = 0;
    moveCount[0] = this.expand(state, 0);
    nextMove[0] = 0;
    shufflesInRow[0] = 0;
    for (;;) {
      if (nextMove[d] === moveCount[d]) {
        if (d === 0) break;
        undoMove(state);
        d--;
        continue;
      }
      const m = moves[firstMove[d]! + nextMove[d]!++]!;
      const shuffleRun = isShuffle(r, m) ? shufflesInRow[d]! + 1 : 0;
      if (shuffleRun > shuffles) continue;
      const step = ctx.enter(state, m);
      if (step === SEEN || (step === REFUSED && this.onPath(state, d))) {
        undoMove(state);
        continue;
      }
      if (step !== NEW && step !== REFUSED) return step as Status;
      if (state.depth >= deepest || firstMove[d]! + moveCount[d]! + MAX_SEARCH_MOVES > MOVE_BUFFER) {
        // Too deep to go on: this line is cut, so the pass can no longer prove a loss.
        cut = true;
        undoMove(state);
        continue;
      }
      d++;
      this.pathLo[d] = state.keyLo;
      this.pathHi[d] = state.keyHi;
      shufflesInRow[d] = shuffleRun;
      firstMove[d] = firstMove[d - 1]! + moveCount[d - 1]!;
      moveCount[d] = this.expand(state, firstMove[d]!);
      nextMove[d] = 0;
    }
    return cut ? DEPTH : EXHAUSTED;
  }

  /** Generates and orders the moves of the position into the buffer at `at`; returns how many. */
  private expand(state: State, at: number): number {
    let n = searchMoves(state, this.prunings, this.moves, at, this.home);
    if (this.baseChoice !== 0 && state.base === 0) n = this.keepBase(state, at, n);
    orderMoves(state, this.home, this.moves, at, n, this.scores, this.ties, this.noise);
    return n;
  }

  /** Drops the moves home of cards whose rank is not the pass's base rank; returns how many remain. */
  private keepBase(state: State, at: number, n: number): number {
    const r = state.rules;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const m = this.moves[at + i]!;
      if (r.kindOf[moveDst(m)] === KIND_F) {
        const card = isStockPlay(r, m) ? stockPlayCard(state, m) : isShiftHome(m) ? shiftHomeCard(state, m) : state.top(moveSrc(m));
        if ((card >> 2) + 1 !== this.baseChoice) continue;
      }
      this.moves[at + kept++] = m;
    }
    return kept;
  }

  /** Whether the position repeats one on the current line (needed only once the table is full). */
  private onPath(state: State, d: number): boolean {
    for (let i = 0; i <= d; i++) if (this.pathLo[i] === state.keyLo && this.pathHi[i] === state.keyHi) return true;
    return false;
  }
}
