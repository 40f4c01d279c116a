import { colourOf, rankOf, suitOf } from '../notation/cards.js';
import type { Build } from './types.js';

/** Whether `next` may be laid on `prev` under a build rule (rank step, or either way; wrap; suit). */
export function follows(build: Build, prev: number, next: number): boolean {
  if (build.step === 0) return false;
  const from = rankOf(prev);
  const to = rankOf(next);
  if (to !== stepped(build, from, build.step) && !(build.either && to === stepped(build, from, -build.step))) return false;
  if (build.suit === 'same-suit') return suitOf(prev) === suitOf(next);
  if (build.suit === 'alternate-colour') return colourOf(prev) !== colourOf(next);
  return true;
}

/** The rank `step` from `rank`, round the corner where the build wraps (off the ranks: not 1..13). */
function stepped(build: Build, rank: number, step: number): number {
  return build.wrap ? ((rank + step - 1 + 13) % 13) + 1 : rank + step;
}
