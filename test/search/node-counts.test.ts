// The node-count regression set in the suite: a restructuring of the engine or the search must
// leave every case's positions, answer and line as bench/node-counts.json has them.
import { describe, expect, it } from 'vitest';
import { CASES, name, readExpected, run } from '../../bench/node-count-set.js';
import { Solver } from '../../src/search/driver/solver.js';

describe('node-count regression set', () => {
  const expected = readExpected();
  const solver = new Solver(256);
  it.each(CASES.map((c) => [name(c), c] as const))(
    '%s',
    (key, c) => {
      expect(run(c, solver)).toEqual(expected[key]);
    },
    120_000,
  );
});
