// The take-back rule: a card taken off a foundation is held where it lands until a move touches
// that pile or the foundation. The engine keeps the holds (State.heldFrom, applyMove); this file
// drops the moves the rule forbids, and proves that doing so never loses a win.
//
// The rule. When a move takes card c off foundation F onto pile X (a tableau pile, or in Double
// Aces and Kings another foundation), c is held on X until a move touches X or F: puts a card on
// or takes one from either (a Double Dot draw touches every tableau pile it deals to). While c
// is held: (a) c does not move; (b) no card of c's identity goes onto F from a pile whose cards
// may go to X's kind of pile (so in Double Signora a reserve card still may: DS-6). A safe move
// home (src/search/safe.ts) ends every hold.
//
// Lemma 1: from a position with no holds, a shortest winning line obeys the rule. Let L be one;
// say move i takes c off F onto X, and move j breaks the rule, no move between touching X or F.
// Those moves look only at their own piles (and at whether stock and waste are empty, which no
// move of X or F changes; Double Signora's base rank is fixed, F held a card), so with c left on
// F they stay legal and do the same. Then L has a shorter winning line beside it:
// - (a), c goes at j to a tableau pile U: replace moves i and j by F -> U at j (every game lets a
//   foundation top go to the tableau; U takes c as it did, and c is F's top). One move fewer.
// - (a), c goes at j to a foundation G: if G = F drop both moves. Else, where foundations play
//   to foundations (DAK-5), replace both by F -> G at j: one fewer. Else drop both (two fewer):
//   G took c, so its top is the card under c on F, and in Mamy Susan and Double Signora a
//   foundation's content is fixed by its top (MS-3: its suit from the Ace; DS-3, DS-4: the base
//   rank, colours alternating; in Double Dot each suit has one foundation, G = F), so G and F
//   trade contents; foundations of a group are interchangeable, and the rest of L with G and F
//   swapped wins.
// - (b), a card c' of c's identity goes at j from pile S onto F: drop move i and send c' from S
//   to X instead. X is as it was when it took c, so it takes c' (an empty X took c: Mamy Susan,
//   Aces and Kings and Double Dot fill a space at any time, Double Signora once stock and waste
//   are out, as they still are), and S may play to X's kind by (b). Then F holds c where it held
//   c', X holds c' where it held c: the same position. One fewer.
// Each contradicts L being shortest. Neither can a shortest line move a whole pile into an empty
// pile of its kind (the same position up to the order of piles).
//
// Lemma 2: the search (canonical moves, the safe move, this rule) finds a win from every
// winnable root. The key holds the holds (salted pile hashes, State.heldFrom), so one key stands
// for one position with its holds, up to the order of interchangeable piles and suit images,
// neither of which the rule can tell. Call a position with holds A good if a winning line from
// A obeys the rule (its holds and those the line makes), and let n(A) be the shortest such
// line's length. From a good A the search makes a move to a good A' with n(A') < n(A):
// - If A has a safe move s, the search makes it alone, and it ends every hold. A's position
//   can be won, so A' can (the safe move's proof, src/games/mamy-susan.ts), and by Lemma 1 a
//   shortest win from A' obeys the rule: n(A') is A''s shortest win, shorter than A's (that
//   proof drops at least the moves of s's card), which is at most n(A).
// - Else the first move m of a shortest rule-obeying win from A is one the rule allows (and no
//   safe move, or A would have one). Canonical generation makes m, or a move to the same
//   position with the same holds up to the order of identical piles (a held pile is identical
//   only to a held pile whose foundation is identical, and a foundation with a hold to none but
//   such another: their hashes are salted), or m moves a whole pile into an empty pile touching
//   no hold, which gives A again up to pile order with at most one hold more: the rest of the
//   line would be a shorter rule-obeying win from A, so that m is not first. So A' = A + m.
// A root has no holds, so it is good when it can be won (Lemma 1), and a search that enters
// every position it can reach from it reaches a win. So a finished search still proves a loss.
//
// Lemma 3: a position with holds need not be entered once the same position with none has been
// (SearchContext.enter). Take the good position A entered with the least n(A) (the root is one);
// the search expanded it, so it made the move to A' above. A' was entered (but n(A') < n(A)), or
// skipped as seen, so entered, or skipped because A' with no holds, B, was entered: a line that
// obeys A''s holds obeys B's (none), so B is good with n(B) <= n(A') < n(A). Each is absurd.
//
// Measured, and why it does not pay: the rewrites of Lemma 1 shorten any line to any position,
// not only winning ones, so the rule leaves every position reachable: it drops moves, never
// positions, while a position may now be entered once free and again with a hold (a key of its
// own). README "Hard deals" has the figures (more positions entered, not fewer).
//
// Measured (exact depth-first pass alone, fixed node budgets; bench/holds.ts): see README "Hard deals".
import { moveCount, moveDst, moveSrc } from '../engine/moves.js';
import type { State } from '../engine/state.js';

/** Drops from `moves[at .. at+n)` the moves the take-back rule forbids; returns how many are left. */
export function dropHeldMoves(s: State, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  if (s.holds === 0) return n;
  let kept = at;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    if (src !== r.stock) {
      // (a) the held card does not move.
      if (s.heldFrom[src]! >= 0 && moveCount(m) === 1) continue;
      // (b) no card of its identity goes onto its foundation from where it could go to its pile.
      const x = s.heldOn[moveDst(m)]!;
      if (x >= 0 && r.identity[s.top(src)] === r.identity[s.top(x)] && r.canMove[r.kindOf[src]! * 5 + r.kindOf[x]!] === 1) continue;
    }
    moves[kept++] = m;
  }
  return kept - at;
}
