// Restarts on Luby's schedule: which pass each run of a restart stage makes, with what seed and
// how many units long, and which passes are done.
import type { DepthFirstPass } from './passes.js';
import { restartSeed } from './seeds.js';

/** Luby's universal restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (i from 1). */
export function luby(i: number): number {
  for (let k = 1; ; k++) {
    const end = 2 ** k - 1;
    if (i === end) return 2 ** (k - 1);
    if (i < end) return luby(i - (2 ** (k - 1) - 1));
  }
}

/**
 * The k-th run of each Luby length makes pass k, so the runs of every length go round the passes
 * (and so round the base ranks and shuffle bounds) in turn; a pass met again at a length, after
 * going round, or at another length is made with its ties seed moved on, so that no run repeats
 * another's order. Within a constant factor of the best fixed restart length for any
 * distribution of run lengths (Luby, Sinclair & Zuckerman).
 */
export class RestartSchedule {
  /** Whether a run ended DEPTH (its space searched but for lines cut too deep). */
  cut = false;
  private run = 0;
  /** The next place in the passes, per level (log2 of the length). */
  private readonly cursor = new Array<number>(32).fill(0);
  private readonly done: boolean[];

  constructor(private readonly restarts: readonly DepthFirstPass[]) {
    this.done = new Array<boolean>(restarts.length).fill(false);
  }

  /** Whether `restarts` are the passes of this schedule (a later stage with its id must bring the same). */
  makes(restarts: readonly DepthFirstPass[]): boolean {
    const same = (a: DepthFirstPass, b: DepthFirstPass): boolean =>
      a.shuffles === b.shuffles && a.base === b.base && a.ties === b.ties && a.noise === b.noise;
    return (
      restarts === this.restarts || (restarts.length === this.restarts.length && restarts.every((pass, i) => same(pass, this.restarts[i]!)))
    );
  }

  /** The next run, or undefined once every pass is done. */
  next(): { index: number; pass: DepthFirstPass; length: number } | undefined {
    const n = this.restarts.length;
    const length = luby(++this.run);
    const level = 31 - Math.clz32(length);
    let place = this.cursor[level]!;
    for (let tried = 0; this.done[place % n] && tried < n; tried++) place++;
    const index = place % n;
    if (this.done[index]) return undefined;
    this.cursor[level] = place + 1;
    const pass = this.restarts[index]!;
    return { index, pass: { ...pass, ties: restartSeed(pass.ties ?? 0, level, Math.floor(place / n)) }, length };
  }

  /**
   * `pass` searched its whole space (it ended EXHAUSTED, or DEPTH if `cut`): every pass with its
   * bounds is done, as another order of the same moves would search the same space again.
   */
  searched(pass: DepthFirstPass, cut: boolean): void {
    this.cut ||= cut;
    this.restarts.forEach((other, j) => {
      if (other.shuffles === pass.shuffles && other.base === pass.base) this.done[j] = true;
    });
  }
}
