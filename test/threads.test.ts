// `solve --threads K` (src/solve.ts, solvePositionOnThreads): several searches of one position,
// each with its own plan; the first to win or prove the loss answers, the others are stopped
// (a shared flag their searches read as their time limit). Node limits only where a result is
// compared, so every result is deterministic.
import { availableParallelism } from 'node:os';
import { describe, it, expect } from 'vitest';
import { dealGame } from '../src/deal.js';
import { formatMove } from '../src/engine/moves.js';
import { getGame } from '../src/games/index.js';
import { play, replay } from '../src/referee.js';
import { passPlan, RESTART_SEEDS, threadPlan, type Stage } from '../src/search/plan.js';
import { Solver } from '../src/search/solver.js';
import { solvePosition, solvePositionOnThreads } from '../src/solve.js';
import { cliScratchFolder, expectOneLineError, lateGreedyPosition, patience, stateOf } from './helpers.js';

const settings = (maxNodes: number) => ({ memoryMb: 16, maxNodes, timeLimit: 0 });

describe('the plans of the threads', () => {
  it('thread 0 makes the single-thread plan; the others its noisy rounds and depth-first stages, every seed their own', () => {
    const state = stateOf(dealGame(getGame('double-aces-and-kings'), 1));
    expect(threadPlan(state, 0)).toEqual(passPlan(state));
    const seeds = (plan: Stage[]): number[][] => plan.map((stage) => ('pass' in stage ? [stage.pass.ties ?? 0] : 'restarts' in stage ? stage.restarts.map((p) => p.ties ?? 0) : []));
    const noiseSeeds = (plan: Stage[]): (number | undefined)[] => plan.flatMap((stage) => ('rounds' in stage ? [stage.seeds] : []));
    // The plain first pass (no noise) is thread 0's alone: the others would only repeat it.
    const others = passPlan(state).filter((stage) => !('rounds' in stage) || stage.noise);
    expect(others.length).toBe(passPlan(state).length - 1);
    for (const thread of [1, 2]) {
      const plan = threadPlan(state, thread);
      expect(plan.map(({ share }) => share)).toEqual(others.map(({ share }) => share));
      expect(plan.map((stage) => ('rounds' in stage ? { ...stage, seeds: undefined } : undefined))).toEqual(others.map((stage) => ('rounds' in stage ? { ...stage, seeds: undefined } : undefined)));
      expect(seeds(plan)).toEqual(seeds(others).map((list) => list.map((seed) => seed + thread * RESTART_SEEDS)));
      // Double Aces and Kings' two restart stages (before and after its best-first rounds) keep one
      // list of passes, so the later goes on with the earlier's schedule.
      const lists = plan.flatMap((stage) => ('restarts' in stage ? [stage.restarts] : []));
      expect(lists.length).toBe(2);
      expect(lists[1]).toBe(lists[0]);
    }
    const [zero, one, two] = [0, 1, 2].map((thread) => new Set(seeds(threadPlan(state, thread)).flat()));
    for (const [a, b] of [[zero!, one!], [zero!, two!], [one!, two!]] as const) expect([...a].filter((seed) => b.has(seed))).toEqual([]);
    // Each thread's rounds draw their noise with seeds of their own.
    const rounds = [0, 1, 2].map((thread) => noiseSeeds(threadPlan(state, thread)).at(-1) ?? 0);
    expect(new Set(rounds).size).toBe(3);
  });
  it('a thread with other noise seeds searches the rounds differently, and its wins replay', () => {
    const position = dealGame(getGame('mamy-susan'), 0);
    const rounds = (thread: number): Stage[] => threadPlan(stateOf(position), thread).filter((stage) => 'rounds' in stage && stage.noise);
    const [zero, one] = [0, 1].map((thread) => new Solver(16).solve(stateOf(position), { maxNodes: 400_000, timeLimitMs: 0 }, rounds(thread)));
    expect([zero!.result, one!.result]).toEqual(['won', 'won']);
    expect(one!.nodes).not.toBe(zero!.nodes);
    for (const r of [zero!, one!]) {
      const verdict = replay(position, r.moves.map((m) => formatMove(stateOf(position).rules, m)));
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
    expect(lines[0]).toMatch(/^double-signora: lost: every line was searched, \d+ positions$/);
    expect(lines[1]).toMatch(/^\d+ positions in [\d.]+ ms on 2 threads \(the answer from thread [01]\)$/);
  });
  it('--threads above the available parallelism is cut to it with a one-line warning', { timeout: 60_000 }, () => {
    const cores = availableParallelism();
    const r = patience('solve', '--game', 'double-dot', '--seed', '1', '--threads', '1000', '--time-limit', '0', '--max-nodes', '2000', '--memory', '16');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`patience: --threads 1000 is more than the ${cores} available core(s): using ${cores} (more threads would slow every deal and, under a time limit, change results)\n`);
    expect(r.stdout).toMatch(cores === 1 ? /^\d+ positions in [\d.]+ ms$/m : new RegExp(`^\\d+ positions in [\\d.]+ ms on ${cores} threads`, 'm'));
  });
  it('--threads 0 is a one-line error', () => expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '1', '--threads', '0'), /--threads/));
});
