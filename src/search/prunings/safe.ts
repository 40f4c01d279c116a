// Moves the search makes at once, without trying the alternatives, and moves it never makes,
// because a proof shows that doing so never loses a win: only where the search's prunings have
// them on (src/search/prunings/prunings.ts), that is where the rules meet the proof's conditions
// (src/search/prunings/dominance.ts).
import { type CardSet, drawMove, generateMoves, isStockPlay, moveDst, moveSrc, redealMove, scratchHome } from '../../engine/moves.js';
import { KIND_F, KIND_T, KIND_W } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';
import { arrangementMoves } from './arrangements.js';
import { isDeadlocked } from './deadlock.js';
import { hostSwapMoves } from './hostswaps.js';
import type { PruningSet } from './prunings.js';
import { generateStockPlays, stockPlayCard } from './stockplays.js';

/** Per suit, the height every one of its foundations has reached (0 until all are begun). */
const reached = new Int32Array(4);
const begun = new Int32Array(4);

function measureReached(s: State): void {
  const r = s.rules;
  reached.fill(13);
  begun.fill(0);
  for (let f = 0; f < r.nFoundations; f++) {
    if (s.len[f] === 0) continue;
    const suit = s.cards[f * s.stride]! & 3;
    begun[suit]!++;
    if (s.len[f]! < reached[suit]!) reached[suit] = s.len[f]!;
  }
  const decks = r.nFoundations >> 2;
  for (let suit = 0; suit < 4; suit++) if (begun[suit]! < decks) reached[suit] = 0;
}

/** Whether every suit t is home to the card's rank less `lags`' lag for (its suit, t). */
function meets(lags: Uint8Array, card: number): boolean {
  const rank = (card >> 2) + 1;
  const at = (card & 3) * 4;
  for (let t = 0; t < 4; t++) {
    const lag = lags[at + t]!;
    if (lag > 0 && reached[t]! < rank - lag) return false;
  }
  return true;
}

/**
 * Whether every card that could be built on `card`, and its suit's lower cards, are home; or,
 * where the rules allow the looser test, it holds (dominance.ts).
 */
function safe(prunings: PruningSet, card: number): boolean {
  const loose = prunings.looseSafeHomeLags;
  return meets(prunings.safeHomeLags, card) || (loose !== null && meets(loose, card));
}

/**
 * A move home that is safe to make at once, with no alternative searched, or -1: a card whose
 * suit's lower cards, and the cards that could be built on it, are all home (the proof and its
 * conditions are in src/search/prunings/dominance.ts), in games whose foundations build up in suit from
 * the Ace, one per suit and deck. Reads `reached`, which measureReached fills.
 */
function safeHomeMove(s: State, prunings: PruningSet, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    if (src === r.stock || r.kindOf[moveDst(m)] !== KIND_F || r.kindOf[src] === KIND_F || (src === r.waste && !prunings.safeHomeFromWaste))
      continue;
    if (safe(prunings, s.top(src))) return m;
  }
  return -1;
}

/**
 * Drops the moves that take a safe card off its foundation (the position is then the one its
 * safe move home leads to, and the proof in dominance.ts wins from there without moving it), and
 * those that lay a safe card from the waste or the stock on the tableau where it could go home
 * from there instead: the position that leads to is the one laying it leads to with the card
 * then gone home from the tableau, a safe move, so it wins wherever the other does. Returns how
 * many moves are left. Reads `reached`; `home` holds the cards some foundation takes now.
 */
function dropDominated(s: State, prunings: PruningSet, moves: Int32Array, at: number, n: number, home: CardSet): number {
  const r = s.rules;
  const wasteHome = r.canMove[KIND_W * 5 + KIND_F] === 1;
  let kept = at;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    if (r.kindOf[src] === KIND_F && safe(prunings, s.top(src))) continue;
    if (wasteHome && r.kindOf[moveDst(m)] === KIND_T && (src === r.waste || isStockPlay(r, m))) {
      const card = src === r.waste ? s.top(src) : stockPlayCard(s, m);
      if (safe(prunings, card) && home.has(card)) continue;
    }
    moves[kept++] = m;
  }
  return kept - at;
}

/**
 * The moves a search with these prunings tries from the position, written at `at`; returns how
 * many: the canonical moves (with stock plays for the draw and the redeal where they are on), or
 * the safe move alone where it is on and applies, never a safe card's take-back nor its move
 * from the waste to the tableau, and of the host swaps' class only what src/search/prunings/hostswaps.ts
 * keeps, or keyed by arrangement the moves of src/search/prunings/arrangements.ts; `home` as generateMoves
 * sets it.
 */
export function searchMoves(s: State, prunings: PruningSet, moves: Int32Array, at: number, home: CardSet = scratchHome): number {
  const r = s.rules;
  // A dead position's successors are dead too, so a test every sixteenth move finds each dead
  // line fifteen moves later at most, for a sixteenth of the cost (docs/tuning.md).
  if (prunings.deadlocks && (s.depth & 15) === 0 && isDeadlocked(s)) return 0;
  let n = generateMoves(s, moves, true, at, home);
  if (prunings.stockPlays) {
    // The draw or the redeal, where there is one, is the last move generated.
    const last = moves[at + n - 1];
    if (n > 0 && (last === drawMove(r) || last === redealMove(r))) n--;
  }
  if (prunings.safeHome) {
    // The safe move is never a stock play, so one found spares making them.
    measureReached(s);
    const move = safeHomeMove(s, prunings, moves, at, n);
    if (move >= 0) {
      moves[at] = move;
      return 1;
    }
  }
  if (prunings.stockPlays) n += generateStockPlays(s, moves, at + n, home);
  if (prunings.safeHome) n = dropDominated(s, prunings, moves, at, n, home);
  // Keyed by arrangement, a host swap keeps the class: none is made.
  if (s.arrangementKeyed) return arrangementMoves(s, moves, at, n, home);
  // Host swaps need each position keyed alone, not with its suit images (dominance.ts).
  return prunings.hostSwaps && s.images === 1 ? hostSwapMoves(s, moves, at, n) : n;
}
