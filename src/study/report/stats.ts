// Statistics for win-rate estimates: the Wilson score interval, order statistics, and the rounding
// to a tenth that results and charts give numbers in.

/** z for a two-sided 95 % interval (the 0.975 quantile of the standard normal). */
export const Z95 = 1.959964;

/**
 * The Wilson score interval for `successes` out of `n` trials (Wilson 1927):
 * (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with p = successes/n.
 * With no trials it is the whole range [0, 1]. The bounds are exactly 0 and 1 at the ends.
 */
export function wilson(successes: number, n: number, z = Z95): { lo: number; hi: number } {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`wilson: need whole numbers 0 <= successes <= n, got ${successes} of ${n}`);
  }
  if (n === 0) return { lo: 0, hi: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    lo: successes === 0 ? 0 : Math.max(0, centre - half),
    hi: successes === n ? 1 : Math.min(1, centre + half),
  };
}

/**
 * The p-th quantile (0 <= p <= 1) of the values by linear interpolation between the order
 * statistics (Hyndman & Fan type 7, the default of R and NumPy); NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`percentile: p must be within 0..1, got ${p}`);
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const h = (sorted.length - 1) * p;
  const i = Math.floor(h);
  const a = sorted[i]!;
  const b = sorted[Math.min(i + 1, sorted.length - 1)]!;
  return a + (h - i) * (b - a);
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** A number rounded to a tenth (times as results report them, coordinates as charts draw them). */
export const roundTenth = (x: number): number => Math.round(x * 10) / 10;
