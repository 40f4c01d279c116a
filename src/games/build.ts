import { colourOf, rankOf, suitOf } from '../cards.js';
import type { Build } from './types.js';

/** Whether `next` may be laid on `prev` under a build rule (rank step, wrap, suit). */
export function follows(build: Build, prev: number, next: number): boolean {
  let rank = rankOf(prev) + build.step;
  if (build.wrap) rank = ((rank - 1 + 13) % 13) + 1;
  if (build.step === 0 || rank !== rankOf(next)) return false;
  if (build.suit === 'same-suit') return suitOf(prev) === suitOf(next);
  if (build.suit === 'alternate-colour') return colourOf(prev) !== colourOf(next);
  return true;
}
