// Dead positions: a set of tableau cards none of which can ever move, so the position is lost
// however the rest is played (the proof and the conditions on the rules are in
// src/search/prunings/dominance.ts, deadlockConditions). The search enters such a position and makes no
// move from it.
import { tableauTakes, type GameTables } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';

/**
 * Per card: the cards it may lie on in the tableau, -1 after the last, for `hostsFor`. Room for
 * all 52, so that no build (either way in any suit gives 8) leaves a host out: one left out
 * would make a card that can move look stuck, and a won position lost.
 */
const hostList = new Int8Array(52 * 52);
let hostsFor: GameTables | null = null;

/** Fills `hostList` for the rules, once for a run of positions of one game (no lookup a position). */
function hostsOf(r: GameTables): Int8Array {
  if (hostsFor === r) return hostList;
  hostList.fill(-1);
  for (let card = 0; card < 52; card++) {
    let k = 0;
    for (let host = 0; host < 52; host++) if (tableauTakes(r, host, card)) hostList[card * 52 + k++] = host;
  }
  hostsFor = r;
  return hostList;
}

/** Per card: where it lies in the tableau (pile * 256 + depth), or -1. */
const at = new Int32Array(52);
/** Per card: still in the set of cards that cannot move. */
const stuck = new Uint8Array(52);
/** Per suit: the lowest rank among those cards (14: none); no card above it in its suit goes home. */
const lowestStuck = new Int32Array(4);

/** The card lying on `card` in its tableau pile, or -1. */
function above(s: State, card: number): number {
  const p = at[card]! >> 8;
  const i = (at[card]! & 255) + 1;
  return i < s.len[p]! ? s.cards[p * s.stride + i]! : -1;
}

function stuckAbove(s: State, card: number): boolean {
  const a = above(s, card);
  return a >= 0 && stuck[a] === 1;
}

/**
 * Whether some tableau cards can never move: the largest set S in which every face-down card
 * lies under a card of S, and every face-up card of S lies under a card of S or above a card of
 * its suit in S (it cannot go home), can lie on no card but one of S under a card of S, and
 * cannot move into a space (not a card that fills one, or already at a pile's bottom).
 */
export function isDeadlocked(s: State): boolean {
  const r = s.rules;
  const hosts = hostsOf(r);
  at.fill(-1);
  stuck.fill(0);
  const end = r.firstTableau + r.nTableau;
  for (let p = r.firstTableau; p < end; p++) {
    for (let i = 0; i < s.len[p]!; i++) {
      const card = s.cards[p * s.stride + i]!;
      at[card] = (p << 8) | i;
      stuck[card] = 1;
    }
  }
  let changed = true;
  let left = 0;
  while (changed) {
    changed = false;
    left = 0;
    lowestStuck.fill(14);
    for (let card = 51; card >= 0; card--) if (stuck[card] === 1) lowestStuck[card & 3] = (card >> 2) + 1;
    // Top down, so that a card freed frees the one under it in the same sweep.
    for (let p = r.firstTableau; p < end; p++) {
      for (let i = s.len[p]! - 1; i >= 0; i--) {
        const card = s.cards[p * s.stride + i]!;
        if (stuck[card] === 0) continue;
        if (canMove(s, card, hosts)) {
          stuck[card] = 0;
          changed = true;
        } else left++;
      }
    }
  }
  return left > 0;
}

function canMove(s: State, card: number, hosts: Int8Array): boolean {
  const r = s.rules;
  const p = at[card]! >> 8;
  const i = at[card]! & 255;
  const covered = stuckAbove(s, card);
  if (i < s.down[p]!) return !covered;
  if (!covered && lowestStuck[card & 3]! >= (card >> 2) + 1) return true;
  if (i > 0 && r.spaceTakes[card] === 1) return true;
  const under = i > 0 ? s.cards[p * s.stride + i - 1]! : -1;
  for (let k = 0; k < 52; k++) {
    const host = hosts[card * 52 + k]!;
    if (host < 0) break;
    if (host === under) continue;
    if (stuck[host] === 0 || !stuckAbove(s, host)) return true;
  }
  return false;
}
