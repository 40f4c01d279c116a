// The search core's rule for claiming a loss (src/search/status.ts, provesLoss), by itself and at
// work: a lost position is lost with any table size, also when the table fills up and positions
// are searched again, and never lost when the search hit a node limit, cut a line or stopped on
// a full node store; and `patience solve` says what proves a loss or what stopped the search.
// Node limits only, so every result is deterministic.
import { describe, it, expect } from 'vitest';
import { type Position } from '../src/deal.js';
import { play, replay } from '../src/referee.js';
import { formatMove } from '../src/engine/moves.js';
import { luby, RestartSchedule, UNBOUNDED, type DepthFirstPass, type RestartStage, type Stage } from '../src/search/plan.js';
import { Solver } from '../src/search/solver.js';
import { DEPTH, EXHAUSTED, FULL, NODES, provesLoss, TIME, WON, type OnRefusedKey, type Status } from '../src/search/status.js';
import { solvePosition } from '../src/solve.js';
import type { SolveResult } from '../src/result.js';
import { cliScratchFolder, lateGreedyPosition, patience, stateOf } from './helpers.js';

const solve = (position: Position, solver: Solver, maxNodes = 0): SolveResult => solvePosition(position, { memoryMb: 32, maxNodes, timeLimit: 0 }, solver);

describe('provesLoss: the one rule for claiming a loss', () => {
  const statuses: Status[] = [WON, EXHAUSTED, NODES, TIME, DEPTH, FULL];
  const ways: OnRefusedKey[] = ['stop', 'search-checking-the-line'];
  it('only an exact pass that ended EXHAUSTED, with no key refused or refused keys searched again, proves a loss', () => {
    for (const status of statuses) {
      for (const exact of [false, true]) {
        for (const refused of [false, true]) {
          for (const way of ways) {
            const expected = status === EXHAUSTED && exact && (!refused || way === 'search-checking-the-line');
            expect(provesLoss(status, exact, refused, way), `status ${status} exact ${exact} refused ${refused} ${way}`).toBe(expected);
          }
        }
      }
    }
  });
});

describe('the rule at work on lost positions', () => {
  // Mamy Susan seed 2, 5 moves before the greedy player's end: lost after 6,528 positions, and
  // with the smallest table (768 keys) after many more, the table full.
  const mamy = lateGreedyPosition('mamy-susan', 2, 5);
  const signora = lateGreedyPosition('double-signora', 0, 5);

  it('lost with a roomy table, no limit hit', () => {
    for (const position of [mamy, signora]) {
      const r = solve(position, new Solver(32));
      expect(r.result, position.game).toBe('lost');
      expect(r.stats.limit).toBeUndefined();
      expect(r.stats.tableFull).toBe(false);
    }
  });

  it('lost with the smallest table too, where the table fills and positions are searched again (the line checked for repeats)', () => {
    const roomy = solve(mamy, new Solver(32));
    const tiny = solve(mamy, new Solver(0));
    expect(tiny.result).toBe('lost');
    expect(tiny.stats.tableFull).toBe(true);
    expect(tiny.stats.nodes).toBeGreaterThan(roomy.stats.nodes);
  });

  it('unknown, never lost, when a line is cut at the depth limit', () => {
    for (const position of [mamy, signora]) {
      const r = solve(position, new Solver(32, { maxDepth: 10 }));
      expect(r.result, position.game).toBe('unknown');
      expect(r.stats.limit).toBe('depth');
    }
  });

  it('unknown, never lost, when the node limit is reached', () => {
    for (const position of [mamy, signora]) {
      const r = solve(position, new Solver(32), 500);
      expect(r.result, position.game).toBe('unknown');
      expect(r.stats.limit).toBe('nodes');
      expect(r.stats.nodes).toBe(500);
    }
  });
});

describe('restarts (a RestartStage: passes in turn, budgets on Luby\'s schedule)', () => {
  const mamy = lateGreedyPosition('mamy-susan', 2, 5);
  const exact = (ties: number): DepthFirstPass => ({ kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties });
  const restartsOf = (restarts: DepthFirstPass[], unitNodes: number): Stage[] => [{ share: 1, restarts, unitNodes, perLevel: false }];
  const search = (plan: Stage[], maxNodes = 0) => new Solver(32).solve(stateOf(mamy), { maxNodes, timeLimitMs: 0 }, plan);

  it('Luby\'s sequence', () => {
    expect(Array.from({ length: 31 }, (_, i) => luby(i + 1))).toEqual([1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16]);
  });

  describe('the schedule (RestartSchedule)', () => {
    const passes = [1, 2, 3].map((ties): DepthFirstPass => ({ kind: 'depth-first', shuffles: 2, base: 0, ties }));
    const runs = (perLevel: boolean, count: number) => {
      const schedule = new RestartSchedule(passes, perLevel);
      return Array.from({ length: count }, () => schedule.next()!);
    };

    it('all together: run i makes pass i (mod the passes), ties seeds as planned', () => {
      const made = runs(false, 15);
      expect(made.map((run) => run.length)).toEqual(Array.from({ length: 15 }, (_, i) => luby(i + 1)));
      expect(made.map((run) => run.index)).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
      expect(made.map((run) => run.pass.ties)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
    });

    it('per level: the k-th run of each length makes pass k, and no two runs share a pass and a ties seed', () => {
      const made = runs(true, 15);
      // Lengths 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8: length 1 takes the passes 0 1 2 0 1 2 0 1, length 2 0 1 2 0, 4 0 1, 8 0.
      expect(made.map((run) => run.length)).toEqual(Array.from({ length: 15 }, (_, i) => luby(i + 1)));
      expect(made.map((run) => run.index)).toEqual([0, 1, 0, 2, 0, 1, 0, 1, 2, 2, 0, 1, 0, 1, 0]);
      // Runs of length 1 in the first round keep their passes' seeds.
      expect(made.filter((run) => run.length === 1).slice(0, 3).map((run) => run.pass.ties)).toEqual([1, 2, 3]);
      // 5,000 runs go round the 3 passes about 830 times at length 1: the seeds as order.ts uses them (32 bits) differ.
      const many = runs(true, 5000);
      expect(new Set(many.map((run) => `${run.index} ${run.pass.ties! >>> 0}`)).size).toBe(5000);
      // Every pass gets runs of every length that has at least as many runs as there are passes.
      for (const length of [1, 2, 4, 8, 16, 32, 64]) {
        expect(new Set(many.filter((run) => run.length === length).map((run) => run.index)), `length ${length}`).toEqual(new Set([0, 1, 2]));
      }
    });

    it('a pass that searched its space drops the passes with its bounds; none left ends the schedule', () => {
      const mixed = [1, 2, 1].map((shuffles, i): DepthFirstPass => ({ kind: 'depth-first', shuffles, base: 0, ties: i + 1 }));
      for (const perLevel of [false, true]) {
        const schedule = new RestartSchedule(mixed, perLevel);
        const first = schedule.next()!;
        expect(first.index).toBe(0);
        schedule.searched(first.pass, false);
        // Passes 0 and 2 (1 shuffle in a row) are done: only pass 1 is made from now on.
        expect(Array.from({ length: 6 }, () => schedule.next()!.index)).toEqual([1, 1, 1, 1, 1, 1]);
        expect(schedule.cut).toBe(false);
        schedule.searched(mixed[1]!, true);
        expect(schedule.next()).toBeUndefined();
        expect(schedule.cut).toBe(true);
      }
    });
  });

  it('exact passes restarted: lost only once a run finished, after the runs its cap stopped', () => {
    const once = search(restartsOf([exact(1)], 1e9));
    expect(once.result).toBe('lost');
    // Runs of 100, 100, 200, ... positions: none of the first finishes, so none proves anything.
    const restarted = search(restartsOf([exact(1), exact(2)], 100));
    expect(restarted.result).toBe('lost');
    expect(restarted.nodes).toBeGreaterThan(once.nodes);
  });

  it('unknown, never lost, when the limit stops the runs before one finishes', () => {
    const once = search(restartsOf([exact(1)], 1e9));
    const r = search(restartsOf([exact(1), exact(2)], 100), once.nodes);
    expect(r.result).toBe('unknown');
    expect(r.limit).toBe('nodes');
  });

  it('bounded passes that search all they allow are dropped, proving nothing; the exact pass after them proves the loss', () => {
    const bounded: DepthFirstPass[] = [1, 2, 3].map((ties) => ({ kind: 'depth-first', shuffles: 1, base: 0, ties }));
    const alone = search(restartsOf(bounded, 1e9));
    expect(alone.result).toBe('unknown');
    const then = search([...restartsOf(bounded, 1e9), { share: 1, pass: exact(0) }]);
    expect(then.result).toBe('lost');
    // The first bounded pass finished, so the other two (the same space) were never run.
    const first = search([{ share: 1, pass: bounded[0]! }]);
    const exactAlone = search([{ share: 1, pass: exact(0) }]);
    expect(then.nodes).toBe(first.nodes + exactAlone.nodes);
  });
});

describe('a full table: positions it refuses are searched again, the line checked for repeats', () => {
  const exactPassOnly: Stage[] = [{ share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0 } }];
  it('won where skipping the refused positions would claim a false loss (Double Dot seed 3, 30 moves before the greedy end)', () => {
    // With the smallest table the exact pass alone wins after 14,183 positions; a pass that took
    // a refused key for a searched position said lost here after 16,248.
    const position = lateGreedyPosition('double-dot', 3, 30);
    const state = stateOf(position);
    const r = new Solver(0).solve(state, { maxNodes: 100_000, timeLimitMs: 0 }, exactPassOnly);
    expect(r.result).toBe('won');
    expect(r.tableFull).toBe(true);
    const verdict = replay(position, r.moves.map((m) => formatMove(state.rules, m)));
    expect(verdict.ok && verdict.won).toBe(true);
  });
});

describe('patience solve explains the answer in its first line', () => {
  const { file } = cliScratchFolder('patience-search-test-');
  it('lost: every line was searched, with the number of positions', () => {
    const r = patience('solve', '--position', file('lost.json', lateGreedyPosition('double-signora', 0, 5)));
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^double-signora: lost: every line was searched, \d+ positions$/);
  });
  it('unknown: the node limit, with its value', () => {
    const r = patience('solve', '--game', 'mamy-susan', '--seed', '2', '--max-nodes', '3000', '--time-limit', '0');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('mamy-susan seed 2: unknown: the node limit (3000 positions) was reached, so nothing is proved');
  });
});
