// Every row says which code made it: the `solver` column (src/version.ts), kept when an older
// file without the column is resumed, and `summary --by solver` to split a file by it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtBefore, solverVersion } from '../../src/version.js';
import { expectOneLineError, patience, requireBuiltCli, ROOT } from '../support/helpers.js';

const FAST = ['--time-limit', '0', '--max-nodes', '20000', '--memory', '16', '--quiet'];
let dir = '';

beforeAll(() => {
  requireBuiltCli();
  dir = mkdtempSync(join(tmpdir(), 'provenance-'));
});

const rowsOf = (file: string): Record<string, string>[] => {
  const [head, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((cell, i) => [cols[i]!, cell])));
};

describe('the solver column', { timeout: 60_000 }, () => {
  it('is the package version and the checkout commit, marked dirty when the code differs', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const head = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync(
        'git',
        [
          '-C',
          ROOT,
          'status',
          '--porcelain',
          '--untracked-files=no',
          '--',
          'src',
          'bin',
          'package.json',
          'package-lock.json',
          'tsconfig.json',
        ],
        { encoding: 'utf8' },
      ) !== '';
    expect(solverVersion()).toBe(`${version}+${head}${dirty ? '.dirty' : ''}`);
  });

  it('counts a build older than its sources as not the commit (dist/ built before a checkout or a pull)', () => {
    const sources = join(dir, 'src');
    mkdirSync(join(sources, 'deep'), { recursive: true });
    writeFileSync(join(sources, 'deep', 'a.ts'), '');
    const built = join(dir, 'built.js');
    writeFileSync(built, '');
    const at = (file: string, seconds: number): void => utimesSync(file, seconds, seconds);
    at(join(sources, 'deep', 'a.ts'), 1000);
    at(built, 2000);
    expect(builtBefore(built, sources)).toBe(false);
    at(join(sources, 'deep', 'a.ts'), 3000);
    expect(builtBefore(built, sources)).toBe(true);
  });

  it('is written in every row of a run', () => {
    const out = join(dir, 'new.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST).status).toBe(0);
    const rows = rowsOf(out);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.solver).toBe(solverVersion());
  });

  it('is added to a file written before it existed, whose rows (of another game: test/study/other-rules.test.ts) are kept as they were', () => {
    const out = join(dir, 'old.csv');
    const old =
      'game,seed,player,result,moves,nodes,ms,limit,table_full,time_limit,max_nodes,memory_mb,error\ndouble-signora,0,thoughtful,won,90,44517,428.4,,false,0,20000,16,\n';
    writeFileSync(out, old);
    expect(patience('winrate', '--game', 'double-dot', '--deals', '1', '--out', out, ...FAST).status).toBe(0);
    const rows = rowsOf(out);
    expect(rows.map((r) => [r.game, r.nodes, r.solver])).toEqual([
      ['double-signora', '44517', ''],
      ['double-dot', rows[1]!.nodes, solverVersion()],
    ]);
  });
});

describe('summary --by solver', { timeout: 60_000 }, () => {
  it('gives each version of the code its own line, and rows without the column one of their own', () => {
    const out = join(dir, 'mixed.csv');
    const header = 'game,seed,player,result,moves,nodes,ms,limit,table_full,time_limit,max_nodes,memory_mb,error,solver';
    const row = (seed: number, result: string, solver: string): string =>
      `double-dot,${seed},thoughtful,${result},1,1,1,,false,10,0,256,,${solver}`;
    writeFileSync(
      out,
      `${[header, row(0, 'won', '0.1.0+aaaaaaa'), row(1, 'unknown', '0.1.0+aaaaaaa'), row(2, 'won', '0.1.0+bbbbbbb'), row(3, 'won', '')].join('\n')}\n`,
    );
    const split = patience('summary', out, '--by', 'solver');
    expect(split.status).toBe(0);
    const lines = split.stdout.split('\n');
    expect(lines[0]).toMatch(/^game +player +solver +deals +won/);
    expect(lines.filter((l) => l.startsWith('double-dot')).map((l) => l.split(/ +/).slice(2, 5))).toEqual([
      ['0.1.0+aaaaaaa', '2', '1'],
      ['0.1.0+bbbbbbb', '1', '1'],
      ['not', 'recorded', '1'],
    ]);
    const whole = patience('summary', out);
    expect(whole.stdout).not.toMatch(/solver/);
    expect(whole.stdout.split('\n').filter((l) => l.startsWith('double-dot'))).toHaveLength(1);
  });

  it('refuses another column in one line', () => {
    expectOneLineError(patience('summary', join(dir, 'mixed.csv'), '--by', 'seed'), /--by: cannot split by "seed" \(one of: solver\)/);
  });

  it('refuses a solver value with control characters', () => {
    const out = join(dir, 'forged.csv');
    writeFileSync(out, 'game,seed,result,solver\ndouble-dot,0,won,"a\u001b]0;x\u0007"\n');
    expectOneLineError(patience('summary', out), /bad solver/);
  });
});
