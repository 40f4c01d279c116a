// The search core's rule for claiming a loss (src/search/driver/status.ts, provesLoss), by itself and at
// work: a lost position is lost with any table size, also when the table fills up and positions
// are searched again, and never lost when the search hit a node limit, cut a line or stopped on
// a full node store; and `patience solve` says what proves a loss or what stopped the search.
// Node limits only, so every result is deterministic.
import { describe, it, expect } from 'vitest';
import type { Position } from '../../src/position/position.js';
import { replay } from '../../src/referee/referee.js';
import { formatMove } from '../../src/engine/moves.js';
import { allowsEveryMove, UNBOUNDED, type DepthFirstPass, type Pass, type Stage } from '../../src/search/passes/passes.js';
import { luby, RestartSchedule } from '../../src/search/passes/restarts.js';
import { Solver } from '../../src/search/driver/solver.js';
import { DEPTH, EXHAUSTED, FULL, NODES, provesLoss, TIME, WON, type OnRefusedKey, type Status } from '../../src/search/driver/status.js';
import { solvePosition } from '../../src/solve/solve.js';
import type { SolveResult } from '../../src/solve/result.js';
import { cliScratchFolder, lateGreedyPosition, patience, stateOf } from '../support/helpers.js';

const solve = (position: Position, solver: Solver, maxNodes = 0): SolveResult =>
  solvePosition(position, { memoryMb: 32, maxNodes, timeLimit: 0 }, solver);

describe('provesLoss: the one rule for claiming a loss', () => {
  // The cases of the rule's proof (src/search/driver/status.ts), written out: a loss is proved only by a
  // pass that allows every move, ended EXHAUSTED, and searched every position its table refused
  // (checking the line for repeats) or had none refused.
  const cases: [string, Status, boolean, boolean, OnRefusedKey, boolean][] = [
    ['exact, every position searched, no key refused', EXHAUSTED, true, false, 'stop', true],
    [
      'exact, every position searched, no key refused (a pass that would search refused ones)',
      EXHAUSTED,
      true,
      false,
      'search-checking-the-line',
      true,
    ],
    ['exact, refused positions searched again, the line checked for repeats', EXHAUSTED, true, true, 'search-checking-the-line', true],
    ['exact, but refused positions skipped unsearched: the only win may lie there', EXHAUSTED, true, true, 'stop', false],
    ['a shuffle bound or a base rank: lines it does not allow may win', EXHAUSTED, false, false, 'stop', false],
    ['a shuffle bound or a base rank, refused positions searched again', EXHAUSTED, false, true, 'search-checking-the-line', false],
    ['won', WON, true, false, 'stop', false],
    ['won after refused keys', WON, true, true, 'search-checking-the-line', false],
    ['stopped at the node cap', NODES, true, false, 'search-checking-the-line', false],
    ['stopped at the time cap', TIME, true, false, 'search-checking-the-line', false],
    ['a line cut at the depth limit', DEPTH, true, false, 'search-checking-the-line', false],
    ['a line cut at the depth limit, refused positions searched again', DEPTH, true, true, 'search-checking-the-line', false],
    ['stopped by a full table or node store', FULL, true, false, 'stop', false],
    ['stopped by a full table after refused keys', FULL, true, true, 'stop', false],
    ['stopped by a full node store, refused positions searched again', FULL, true, true, 'search-checking-the-line', false],
    ['not exact and stopped at the node cap', NODES, false, true, 'stop', false],
  ];
  it.each(cases)('%s: %s', (_, status, exact, refused, onRefusedKey, proves) => {
    expect(provesLoss(status, exact, refused, onRefusedKey)).toBe(proves);
  });

  // Exact: no shuffle bound, no base rank chosen in advance.
  const passes: [string, Pass, boolean][] = [
    ['depth-first, any shuffles, any base', { kind: 'depth-first', shuffles: UNBOUNDED, base: 0 }, true],
    ['depth-first with a ties seed and noise', { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties: 7, noise: 60 }, true],
    ['depth-first, 8 shuffles in a row', { kind: 'depth-first', shuffles: 8, base: 0 }, false],
    ['depth-first, base rank 7 only', { kind: 'depth-first', shuffles: UNBOUNDED, base: 7 }, false],
    ['best-first, any shuffles', { kind: 'best-first', shuffles: UNBOUNDED, home: 100, wasteBlocker: 40, weight: 1 }, true],
    ['best-first, 2 shuffles in a row', { kind: 'best-first', shuffles: 2, home: 100, wasteBlocker: 40, weight: 1 }, false],
  ];
  it.each(passes)('allowsEveryMove: %s: %s', (_, pass, exact) => {
    expect(allowsEveryMove(pass)).toBe(exact);
  });
});

describe('the rule at work on lost positions', () => {
  // Mamy Susan seed 2, 5 moves before the greedy player's end: lost after a few thousand
  // positions, with a roomy table or the smallest (768 keys).
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

  it('lost with the smallest table too; where the table fills, a capped search of what it refused says unknown, never lost', () => {
    expect(solve(mamy, new Solver(0)).result).toBe('lost');
    // Three moves earlier the exact pass enters 963 keys, more than the smallest table holds; the
    // positions it refuses are searched again with only the line checked, which outgrows the cap.
    const exactOnly: Stage[] = [{ kind: 'single', share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties: 0 } }];
    const earlier = lateGreedyPosition('mamy-susan', 2, 8);
    const roomy = new Solver(32).solve(stateOf(earlier), { maxNodes: 0, timeLimitMs: 0 }, exactOnly);
    const tiny = new Solver(0).solve(stateOf(earlier), { maxNodes: 200_000, timeLimitMs: 0 }, exactOnly);
    expect(roomy).toMatchObject({ result: 'lost', tableFull: false });
    expect(tiny).toMatchObject({ result: 'unknown', tableFull: true, nodes: 200_000 });
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

describe("restarts (a RestartStage: passes in turn, budgets on Luby's schedule)", () => {
  const mamy = lateGreedyPosition('mamy-susan', 2, 5);
  const exact = (ties: number): DepthFirstPass => ({ kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties });
  const restartsOf = (restarts: DepthFirstPass[], unitNodes: number): Stage[] => [
    { kind: 'restarts', share: 1, schedule: 'test', restarts, unitNodes },
  ];
  const search = (plan: Stage[], maxNodes = 0) => new Solver(32).solve(stateOf(mamy), { maxNodes, timeLimitMs: 0 }, plan);

  it("Luby's sequence", () => {
    expect(Array.from({ length: 31 }, (_, i) => luby(i + 1))).toEqual([
      1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16,
    ]);
  });

  describe('the schedule (RestartSchedule)', () => {
    const passes = [1, 2, 3].map((ties): DepthFirstPass => ({ kind: 'depth-first', shuffles: 2, base: 0, ties }));
    const runs = (count: number) => {
      const schedule = new RestartSchedule(passes);
      return Array.from({ length: count }, () => schedule.next()!);
    };

    it('per level: the k-th run of each length makes pass k, and no two runs share a pass and a ties seed', () => {
      const made = runs(15);
      // Lengths 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8: length 1 takes the passes 0 1 2 0 1 2 0 1, length 2 0 1 2 0, 4 0 1, 8 0.
      expect(made.map((run) => run.length)).toEqual(Array.from({ length: 15 }, (_, i) => luby(i + 1)));
      expect(made.map((run) => run.index)).toEqual([0, 1, 0, 2, 0, 1, 0, 1, 2, 2, 0, 1, 0, 1, 0]);
      // Runs of length 1 in the first round keep their passes' seeds.
      expect(
        made
          .filter((run) => run.length === 1)
          .slice(0, 3)
          .map((run) => run.pass.ties),
      ).toEqual([1, 2, 3]);
      // 5,000 runs go round the 3 passes about 830 times at length 1: the seeds as order.ts uses them (32 bits) differ.
      const many = runs(5000);
      expect(new Set(many.map((run) => `${run.index} ${run.pass.ties! >>> 0}`)).size).toBe(5000);
      // Every pass gets runs of every length that has at least as many runs as there are passes.
      for (const length of [1, 2, 4, 8, 16, 32, 64]) {
        expect(new Set(many.filter((run) => run.length === length).map((run) => run.index)), `length ${length}`).toEqual(
          new Set([0, 1, 2]),
        );
      }
    });

    it('a pass that searched its space drops the passes with its bounds; none left ends the schedule', () => {
      const mixed = [1, 2, 1].map((shuffles, i): DepthFirstPass => ({ kind: 'depth-first', shuffles, base: 0, ties: i + 1 }));
      const schedule = new RestartSchedule(mixed);
      const first = schedule.next()!;
      expect(first.index).toBe(0);
      schedule.searched(first.pass, false);
      // Passes 0 and 2 (1 shuffle in a row) are done: only pass 1 is made from now on.
      expect(Array.from({ length: 6 }, () => schedule.next()!.index)).toEqual([1, 1, 1, 1, 1, 1]);
      expect(schedule.cut).toBe(false);
      schedule.searched(mixed[1]!, true);
      expect(schedule.next()).toBeUndefined();
      expect(schedule.cut).toBe(true);
    });
  });

  describe('stages with the same schedule id share one schedule (the solver keys schedules by id)', () => {
    const stage = (schedule: string, restarts: DepthFirstPass[], unitNodes: number, share = 1): Stage => ({
      kind: 'restarts',
      share,
      schedule,
      restarts,
      unitNodes,
    });
    const exactPass: Stage = { kind: 'single', share: 1, pass: exact(0) };

    it('a later stage goes on where the earlier stopped: passes it finished are not made again; another id starts afresh', () => {
      // Passes of 1, 2 and 3 shuffles in a row, each finishing its space in its first run.
      const bounded = [1, 2, 3].map((shuffles, i): DepthFirstPass => ({ kind: 'depth-first', shuffles, base: 0, ties: i + 1 }));
      const alone = search([stage('cheap', bounded, 1e9)]);
      const once = search([stage('cheap', bounded, 1e9), exactPass]);
      const same = search([stage('cheap', bounded, 1e9), stage('cheap', bounded, 1e9), exactPass]);
      const other = search([stage('cheap', bounded, 1e9), stage('again', bounded, 1e9), exactPass]);
      expect([alone.result, once.result, same.result, other.result]).toEqual(['unknown', 'lost', 'lost', 'lost']);
      expect(alone.nodes).toBeGreaterThan(0);
      expect(same.nodes).toBe(once.nodes);
      expect(other.nodes).toBe(once.nodes + alone.nodes);
    });

    it('a later stage goes on with the runs after the earlier stopped at its cap, not with the short runs again', () => {
      // Exact passes restarted in runs of 100, 100, 200, ... positions: the loss is proved by the
      // first run long enough to finish. The first stage stops at its cap, before that run.
      const restarts = [exact(1), exact(2)];
      const alone = search([stage('cheap', restarts, 100)]);
      expect(alone.result).toBe('lost');
      const maxNodes = 10 * alone.nodes;
      const share = alone.nodes / 2 / maxNodes;
      const first = search([stage('cheap', restarts, 100, share)], maxNodes);
      expect(first.result).toBe('unknown');
      const same = search([stage('cheap', restarts, 100, share), stage('cheap', restarts, 100)], maxNodes);
      const other = search([stage('cheap', restarts, 100, share), stage('again', restarts, 100)], maxNodes);
      expect([same.result, other.result]).toEqual(['lost', 'lost']);
      // Another id makes every run again, from the first: the earlier stage's positions, then all of a search alone.
      expect(other.nodes).toBe(first.nodes + alone.nodes);
      expect(same.nodes).toBeLessThan(other.nodes);
    });

    it("a later stage with the id but other passes is a plan error, not a silent run of the first stage's passes", () => {
      const first = [1, 2].map((shuffles): DepthFirstPass => ({ kind: 'depth-first', shuffles, base: 0, ties: 1 }));
      const copy = first.map((pass) => ({ ...pass }));
      const moved = first.map((pass) => ({ ...pass, ties: 2 }));
      expect(search([stage('cheap', first, 10, 0.1), stage('cheap', copy, 10), exactPass]).result).toBe('lost');
      expect(() => search([stage('cheap', first, 10, 0.1), stage('cheap', moved, 10), exactPass])).toThrow(
        /schedule 'cheap' have other passes/,
      );
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
    const then = search([...restartsOf(bounded, 1e9), { kind: 'single', share: 1, pass: exact(0) }]);
    expect(then.result).toBe('lost');
    // The first bounded pass finished, so the other two (the same space) were never run.
    const first = search([{ kind: 'single', share: 1, pass: bounded[0]! }]);
    const exactAlone = search([{ kind: 'single', share: 1, pass: exact(0) }]);
    expect(then.nodes).toBe(first.nodes + exactAlone.nodes);
  });
});

describe('a full table: positions it refuses are searched again, the line checked for repeats', () => {
  const exactPassOnly: Stage[] = [{ kind: 'single', share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0 } }];
  it('won where skipping the refused positions would claim a false loss (Double Dot seed 3, 30 moves before the greedy end)', () => {
    // With the smallest table the exact pass alone wins after 14,183 positions; a pass that took
    // a refused key for a searched position said lost here after 16,248.
    const position = lateGreedyPosition('double-dot', 3, 30);
    const state = stateOf(position);
    const r = new Solver(0).solve(state, { maxNodes: 100_000, timeLimitMs: 0 }, exactPassOnly);
    expect(r.result).toBe('won');
    expect(r.tableFull).toBe(true);
    const verdict = replay(
      position,
      r.moves.map((m) => formatMove(state.rules, m)),
    );
    expect(verdict.ok && verdict.won).toBe(true);
  });
});

describe('patience solve explains the answer in its first line', () => {
  const { file } = cliScratchFolder('patience-search-test-');
  it('lost: every line was searched, with the number of positions', () => {
    const r = patience('solve', '--position', file('lost.json', lateGreedyPosition('double-signora', 0, 5)));
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^double-signora: lost: every line was searched, \d+ positions, with the prunings these rules allow: .* \(--plain re-decides with none\)$/,
    );
  });
  it('unknown: the node limit, with its value', () => {
    const r = patience('solve', '--game', 'mamy-susan', '--seed', '2', '--max-nodes', '3000', '--time-limit', '0');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('mamy-susan seed 2: unknown: the node limit (3000 positions) was reached, so nothing is proved');
  });
});
