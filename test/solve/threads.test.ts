// `solve --threads K` (src/solve/solve.ts, solvePositionOnThreads): several searches of one position,
// each with its own plan; the first to win or prove the loss answers, the others are stopped
// (a shared flag their searches read as their time limit). Node limits only where a result is
// compared, so every result is deterministic.
import { searchProfile } from '../../src/search/driver/profile.js';
import { availableParallelism } from 'node:os';
import { describe, it, expect } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import { formatMove } from '../../src/engine/moves.js';
import { seedGames, getGame } from '../../src/games/index.js';
import { replay } from '../../src/referee/referee.js';
import { passPlan } from '../../src/search/driver/plan.js';
import { threadPlan } from '../../src/search/driver/thread-plan.js';
import type { DepthFirstPass, RestartStage, Stage } from '../../src/search/passes/passes.js';
import { RestartSchedule } from '../../src/search/passes/restarts.js';
import { roundSeed } from '../../src/search/passes/seeds.js';
import { Solver } from '../../src/search/driver/solver.js';
import { solvePosition, solvePositionOnThreads } from '../../src/solve/solve.js';
import { cliScratchFolder, expectOneLineError, lateGreedyPosition, patience, stateOf } from '../support/helpers.js';

const settings = (maxNodes: number) => ({ memoryMb: 16, maxNodes, timeLimit: 0 });

describe('the plans of the threads', () => {
  const states = seedGames().map((game) => ({ id: game.id, state: stateOf(dealGame(game, 1)) }));
  const THREADS = [1, 2, 3];
  /** A stage with its seeds taken out: what is left must be the same on every thread. */
  const unseeded = (stage: Stage): unknown => {
    const plain = ({ ties: _, ...pass }: DepthFirstPass): DepthFirstPass => pass;
    switch (stage.kind) {
      case 'single':
        return { ...stage, pass: plain(stage.pass) };
      case 'restarts':
        return { ...stage, restarts: stage.restarts.map(plain) };
      case 'rounds':
        return { ...stage, seeds: undefined };
    }
  };
  /**
   * The seeds of the first runs and rounds of a plan, as order.ts and bestfirst.ts draw them
   * (low 32 bits): the ties seeds of its depth-first passes (restart runs as the schedule makes
   * them, one schedule per id) and the noise seeds of its best-first rounds.
   */
  const seedsOf = (plan: Stage[]): { ties: Set<number>; noise: Set<number> } => {
    const ties = new Set<number>();
    const noise = new Set<number>();
    const schedules = new Map<string, RestartSchedule>();
    for (const stage of plan) {
      if (stage.kind === 'single') ties.add((stage.pass.ties ?? 0) >>> 0);
      else if (stage.kind === 'restarts') {
        let schedule = schedules.get(stage.schedule);
        if (!schedule) schedules.set(stage.schedule, (schedule = new RestartSchedule(stage.restarts)));
        for (let run = 0; run < 3000; run++) ties.add(schedule.next()!.pass.ties! >>> 0);
      } else if (stage.noise) {
        for (let round = 1; round <= 30; round++) stage.rounds.forEach((_, i) => noise.add(roundSeed(stage.seeds ?? 0, round, i) >>> 0));
      }
    }
    return { ties, noise };
  };
  const shared = (a: Set<number>, b: Set<number>): number[] => [...a].filter((seed) => b.has(seed));

  it('thread 0 makes the single-thread plan', () => {
    for (const { id, state } of states) expect(threadPlan(state, 0), id).toEqual(passPlan(state));
  });

  it("the other threads make the same stages with the same shares, but for the plain first pass (thread 0's alone)", () => {
    for (const { id, state } of states) {
      const plan = passPlan(state);
      const others = plan.filter((stage) => stage.kind !== 'rounds' || stage.noise);
      // The games with best-first rounds have the plain pass to drop.
      expect(others.length, id).toBe(plan.length - (searchProfile(state.rules).bestFirst ? 1 : 0));
      for (const thread of THREADS) expect(threadPlan(state, thread).map(unseeded), `${id} thread ${thread}`).toEqual(others.map(unseeded));
    }
  });

  it('no two threads share a seed: not in the depth-first move orders, not in the noise of the best-first rounds', () => {
    for (const { id, state } of states) {
      const seeds = [0, ...THREADS].map((thread) => seedsOf(threadPlan(state, thread)));
      // Every plan draws seeds of both kinds where it has the stages.
      for (const { ties, noise } of seeds) {
        expect(ties.size, id).toBeGreaterThan(1);
        if (searchProfile(state.rules).bestFirst) expect(noise.size, id).toBeGreaterThan(1);
      }
      for (let a = 0; a < seeds.length; a++) {
        for (let b = a + 1; b < seeds.length; b++) {
          expect(shared(seeds[a]!.ties, seeds[b]!.ties), `${id} threads ${a} and ${b}`).toEqual([]);
          expect(shared(seeds[a]!.noise, seeds[b]!.noise), `${id} threads ${a} and ${b}`).toEqual([]);
        }
      }
    }
  });

  it("a thread's restart stages go on with one schedule (the same id and passes), as thread 0's do", () => {
    for (const { id, state } of states) {
      for (const thread of [0, ...THREADS]) {
        const restarts = threadPlan(state, thread).filter((s): s is RestartStage => s.kind === 'restarts');
        expect(new Set(restarts.map((s) => s.schedule)).size, `${id} thread ${thread}`).toBeLessThanOrEqual(1);
        for (const stage of restarts) expect(stage.restarts, `${id} thread ${thread}`).toEqual(restarts[0]!.restarts);
      }
    }
    // Double Aces and Kings has two (before and after its best-first rounds).
    expect(threadPlan(stateOf(dealGame(getGame('double-aces-and-kings'), 1)), 1).filter((s) => s.kind === 'restarts')).toHaveLength(2);
  });

  it('a thread with other noise seeds searches the rounds differently, and its wins replay', () => {
    const position = dealGame(getGame('mamy-susan'), 0);
    const rounds = (thread: number): Stage[] =>
      threadPlan(stateOf(position), thread).filter((stage) => stage.kind === 'rounds' && stage.noise);
    const [zero, one] = [0, 1].map((thread) =>
      new Solver(16).solve(stateOf(position), { maxNodes: 400_000, timeLimitMs: 0 }, rounds(thread)),
    );
    expect([zero!.result, one!.result]).toEqual(['won', 'won']);
    expect(one!.nodes).not.toBe(zero!.nodes);
    for (const r of [zero!, one!]) {
      const verdict = replay(
        position,
        r.moves.map((m) => formatMove(stateOf(position).rules, m)),
      );
      expect(verdict.ok && verdict.won).toBe(true);
    }
  });
});

describe('a stop asked by another thread', () => {
  it('ends the search as at its time limit, within 1024 positions, with nothing proved', () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const r = new Solver(16, { stop }).solve(stateOf(dealGame(getGame('mamy-susan'), 2)), { maxNodes: 0, timeLimitMs: 0 });
    expect(r.result).toBe('unknown');
    expect(r.limit).toBe('time');
    expect(r.nodes).toBeLessThanOrEqual(1024);
  });
});

describe('solvePositionOnThreads', () => {
  it('a won deal: won, the line replayed by the referee, with the threads in the stats', { timeout: 60_000 }, async () => {
    const position = dealGame(getGame('mamy-susan'), 1);
    const report = await solvePositionOnThreads(position, settings(500_000), 2);
    expect(report.result).toBe('won');
    const verdict = replay(position, report.moves);
    expect(verdict.ok && verdict.won).toBe(true);
    expect(report.stats.threads).toBe(2);
    expect([0, 1]).toContain(report.stats.thread);
  });
  it('a lost position: lost, as on one thread', { timeout: 60_000 }, async () => {
    const position = lateGreedyPosition('mamy-susan', 2, 5);
    expect(solvePosition(position, settings(0)).result).toBe('lost');
    const report = await solvePositionOnThreads(position, settings(0), 3);
    expect(report.result).toBe('lost');
    expect(report.moves).toEqual([]);
  });
  it('undecided: unknown with the node limit, the positions of every thread counted', { timeout: 60_000 }, async () => {
    const report = await solvePositionOnThreads(dealGame(getGame('mamy-susan'), 16), settings(20_000), 2);
    expect(report.result).toBe('unknown');
    expect(report.stats.limit).toBe('nodes');
    expect(report.stats.nodes).toBe(40_000);
  });
});

describe('patience solve --threads', () => {
  const { file } = cliScratchFolder('patience-threads-test-');
  it('says how many threads searched and whose answer it is', { timeout: 60_000 }, () => {
    const r = patience('solve', '--position', file('lost.json', lateGreedyPosition('double-signora', 0, 5)), '--threads', '2');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^double-signora: lost: every line was searched, \d+ positions, with the prunings these rules allow: .* \(--plain re-decides with none\)$/,
    );
    expect(lines[1]).toMatch(/^\d+ positions in [\d.]+ ms on 2 threads \(the answer from thread [01]\)$/);
  });
  it('--threads above the available parallelism is cut to it with a one-line warning', { timeout: 60_000 }, () => {
    const cores = availableParallelism();
    const r = patience(
      'solve',
      '--game',
      'double-dot',
      '--seed',
      '1',
      '--threads',
      '1000',
      '--time-limit',
      '0',
      '--max-nodes',
      '2000',
      '--memory',
      '16',
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(
      `patience: --threads 1000 is more than the ${cores} available core(s): using ${cores} (more threads would slow every deal and, under a time limit, change results)\n`,
    );
    expect(r.stdout).toMatch(
      cores === 1 ? /^\d+ positions in [\d.]+ ms$/m : new RegExp(`^\\d+ positions in [\\d.]+ ms on ${cores} threads`, 'm'),
    );
  });
  it('--threads 0 is a one-line error', () =>
    expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '1', '--threads', '0'), /--threads/));
});
