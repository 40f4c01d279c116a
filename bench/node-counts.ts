// Runs the node-count regression set (bench/node-count-set.ts) and compares every case with
// bench/node-counts.json: run it before and after every change to the engine or the search. A
// deliberate change of the search rewrites the expected counts (--write) in the same commit.
//   npx tsx bench/node-counts.ts [--write]
// Exits 1 and names each case that differs.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Solver } from '../src/search/driver/solver.js';
import { CASES, EXPECTED_FILE, name, readExpected, run, type Outcome } from './node-count-set.js';

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
const expected: Record<string, Outcome> = values.write ? {} : readExpected();
const solver = new Solver(256);
const found: Record<string, Outcome> = {};
let differ = 0;
for (const c of CASES) {
  const key = name(c);
  const got = run(c, solver);
  found[key] = got;
  const want = expected[key];
  const same = want !== undefined && JSON.stringify(want) === JSON.stringify(got);
  if (!values.write && !same) differ++;
  console.log(
    `${values.write ? 'wrote' : same ? 'same ' : 'DIFFER'} ${key}: ${got.result} ${got.nodes} best ${got.best} digest ${got.digest}${!values.write && !same ? ` (expected ${want ? `${want.result} ${want.nodes} best ${want.best} digest ${want.digest}` : 'no entry'})` : ''}`,
  );
}
if (values.write) writeFileSync(EXPECTED_FILE, `${JSON.stringify(found, null, 2)}\n`);
else if (differ) {
  console.log(`${differ} of ${CASES.length} cases differ from bench/node-counts.json`);
  process.exit(1);
} else console.log(`all ${CASES.length} cases as expected`);
