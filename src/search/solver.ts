// The solver: runs the pass plan (plan.ts) over one search context (context.ts) and says won
// (with the line), lost (only as provesLoss allows) or unknown (with the limit that stopped it).
import { applyMove, undoMove } from '../engine/moves.js';
import type { State } from '../engine/state.js';
import { BestFirst } from './bestfirst.js';
import { SearchContext, type Limits } from './context.js';
import { DepthFirst } from './depthfirst.js';
import { allowsEveryMove, type DepthFirstPass, type Pass, type RestartStage, type RoundsStage, type Stage } from './passes.js';
import { passPlan, UNLIMITED_CHEAP_NODES } from './plan.js';
import { RestartSchedule } from './restarts.js';
import { roundSeed } from './seeds.js';
import { applyAsPlayed, firstAsPlayed } from './stockplays.js';
import { DEPTH, EXHAUSTED, FULL, NODES, provesLoss, TIME, WON, type OnRefusedKey, type Status } from './status.js';
import { Table, type SharedKeys } from './table.js';

export type { Limits } from './context.js';
export type Outcome = 'won' | 'lost' | 'unknown';
/** What stopped a search that did not decide: a limit, a line too deep, or a full table. */
export type Limit = 'nodes' | 'time' | 'depth' | 'table';

export interface SearchResult {
  result: Outcome;
  /** The winning line (engine move codes) when won. */
  moves: number[];
  nodes: number;
  ms: number;
  /** The limit that made the result unknown. */
  limit?: Limit;
  /** Whether the table filled up (the search went on, re-entering positions it had seen). */
  tableFull: boolean;
  /** Most cards on the foundations in any position entered. */
  best: number;
  /** The first move of the line to the first position with `best` cards home (-1: none beat the start). */
  bestFirstMove: number;
}

/**
 * What the threads of one `solve --threads` search share for the exact pass their plans begin
 * with, where they begin with one (a position keyed by arrangement): its table, and a tally of
 * how their passes ended ([0] ended EXHAUSTED as provesLoss asks, [1] otherwise; [2] is only
 * waited on).
 *
 * Proof that the threads together prove the loss when every one's pass ends EXHAUSTED: a thread
 * skips a position only if the table holds it, and the table holds only positions some thread
 * entered. Every pass that ends EXHAUSTED expanded every position it entered (a refused key's
 * position searched all the same, as provesLoss asks), so at the end every position any thread
 * entered was expanded by the thread that entered it, whichever thread found it in the table
 * later, and each successor of it was entered by one thread or another. The moves kept are
 * the same in every thread (they depend on the position, and the dead-position test, which
 * runs at some depths only, removes only positions from which no line wins), so the threads
 * together searched what one thread's exact pass searches, in another order: if a win were
 * reachable, some entered position would have one successor nearer to it, down to a win some
 * thread entered. A thread whose pass ends EXHAUSTED waits for the others before it claims
 * anything; if any ended otherwise, none claims the loss and each goes on with its plan.
 */
export interface SharedExact {
  keys: SharedKeys;
  tally: Int32Array;
  threads: number;
}

const LIMIT_OF: Partial<Record<Status, Limit>> = { [NODES]: 'nodes', [TIME]: 'time', [DEPTH]: 'depth', [FULL]: 'table' };

export class Solver {
  private readonly ctx: SearchContext;
  private readonly depthFirst = new DepthFirst();
  /** The best-first node store, allocated the first time a game needs it. */
  private bestFirst: BestFirst | undefined;
  /** Whether a pass of the running search proved the loss. */
  private lost = false;
  /** The running search's restart schedules, by id (a later stage goes on with an earlier one's). */
  private readonly schedules = new Map<string, RestartSchedule>();
  /** With other threads: the exact first pass made with them (SharedExact), and its table. */
  private readonly shared: { exact: SharedExact; table: Table } | undefined;

  constructor(
    private readonly megabytes: number,
    options: { maxDepth?: number; stop?: Int32Array; shared?: SharedExact } = {},
  ) {
    this.ctx = new SearchContext(megabytes, options.maxDepth, options.stop);
    if (options.shared) this.shared = { exact: options.shared, table: new Table(0, options.shared.keys) };
  }

  get table(): Table {
    return this.ctx.ownTable;
  }

  /** Searches from `state` (left as it was found) for a line that wins, pass by pass. */
  solve(state: State, limits: Limits, plan: readonly Stage[] = passPlan(state)): SearchResult {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.start(state, limits);
    this.lost = false;
    this.schedules.clear();
    let status: Status = state.isWon() ? WON : EXHAUSTED;
    for (let i = 0; status === EXHAUSTED && !this.lost && i < plan.length; i++) {
      const stage = plan[i]!;
      switch (stage.kind) {
        case 'single': {
          const nodeCap = ctx.nodeCapFor(stage.share, UNLIMITED_CHEAP_NODES);
          const timeCap = ctx.timeCapFor(stage.share);
          status =
            i === 0 && this.shared && stage.pass.kind === 'depth-first' && allowsEveryMove(stage.pass)
              ? this.sharedPass(state, stage.pass, nodeCap, timeCap, this.shared)
              : this.pass(state, stage.pass, nodeCap, timeCap);
          break;
        }
        case 'rounds':
          status = this.rounds(state, stage);
          break;
        case 'restarts':
          status = this.restarts(state, stage);
          break;
      }
      // Before the last stage, a stage that did not decide hands on what is left of the limits.
      if (status !== WON && !this.lost && i < plan.length - 1) status = ctx.atLimit();
    }
    const result: Outcome = status === WON ? 'won' : this.lost ? 'lost' : 'unknown';
    const moves = result === 'won' ? this.asPlayed(state) : [];
    this.unwind(state);
    const limit = result === 'unknown' ? LIMIT_OF[status] : undefined;
    return {
      result,
      moves,
      nodes: ctx.nodes,
      ms: performance.now() - t0,
      tableFull: ctx.tableFull,
      best: ctx.best,
      bestFirstMove: firstAsPlayed(state, ctx.bestFirstMove),
      ...(limit ? { limit } : {}),
    };
  }

  /**
   * The best-first passes in turn, in rounds (each round doubling the positions a pass may
   * enter), until one wins or proves the loss, every pass is done (a bounded one that expanded
   * everything would only do the same again), or the stage's caps or a full store stop them.
   * Restarts cut the heavy tail: a deal one pass wins at once can take another millions of
   * positions.
   */
  private rounds(state: State, stage: RoundsStage): Status {
    const ctx = this.ctx;
    const nodeCap = ctx.nodeCapFor(stage.share, UNLIMITED_CHEAP_NODES);
    const timeCap = ctx.timeCapFor(stage.share);
    const done = new Array<boolean>(stage.rounds.length).fill(false);
    for (let budget = stage.firstRoundNodes, round = 1; ; budget *= 2, round++) {
      if (stage.maxRounds !== undefined && round > stage.maxRounds) return EXHAUSTED;
      let searched = false;
      for (let i = 0; i < stage.rounds.length; i++) {
        if (done[i]) continue;
        // With noise, each pass in each round draws it with a seed of its own.
        const pass = stage.noise
          ? { ...stage.rounds[i]!, ties: roundSeed(stage.seeds ?? 0, round, i), noise: stage.noise }
          : stage.rounds[i]!;
        const status = this.pass(state, pass, Math.min(ctx.nodes + budget * pass.weight, nodeCap), timeCap);
        if (status === WON || this.lost) return status;
        if (status === EXHAUSTED || status === DEPTH) done[i] = true;
        if (status === FULL) return status;
        if (ctx.nodes >= nodeCap) return NODES;
        if (ctx.outOfTime(timeCap)) return TIME;
        searched = true;
      }
      // Every pass is done: the unbounded ones cut lines, or they would have proved the loss.
      if (!searched) return DEPTH;
    }
  }

  /**
   * Depth-first passes on Luby's schedule (passes.ts RestartStage, restarts.ts) until one wins
   * or proves the loss, every pass is done, or the stage's caps stop them. A pass that searched
   * its whole space (EXHAUSTED, or DEPTH: all but lines cut too deep) drops every pass with its
   * bounds. A run stopped at its cap proves nothing (provesLoss): only one that finished can.
   * A later stage with the same schedule id goes on with the schedule of the earlier one.
   */
  private restarts(state: State, stage: RestartStage): Status {
    const ctx = this.ctx;
    const nodeCap = ctx.nodeCapFor(stage.share, UNLIMITED_CHEAP_NODES);
    const timeCap = ctx.timeCapFor(stage.share);
    let schedule = this.schedules.get(stage.schedule);
    if (!schedule) this.schedules.set(stage.schedule, (schedule = new RestartSchedule(stage.restarts)));
    else if (!schedule.makes(stage.restarts)) throw new Error(`restart stages with schedule '${stage.schedule}' have other passes`);
    for (;;) {
      const run = schedule.next();
      if (!run) return schedule.cut ? DEPTH : EXHAUSTED;
      const status = this.pass(state, run.pass, Math.min(ctx.nodes + stage.unitNodes * run.length, nodeCap), timeCap);
      if (status === WON || this.lost) return status;
      if (status === EXHAUSTED || status === DEPTH) schedule.searched(run.pass, status === DEPTH);
      if (ctx.nodes >= nodeCap) return NODES;
      if (ctx.outOfTime(timeCap)) return TIME;
    }
  }

  /** One pass from the root with these caps; notes a proved loss; unwinds unless it won. */
  private pass(state: State, pass: Pass, nodeCap: number, timeCap: number): Status {
    const ctx = this.ctx;
    ctx.beginPass(state, nodeCap, timeCap);
    let status: Status;
    let onRefusedKey: OnRefusedKey;
    if (pass.kind === 'depth-first') {
      status = this.depthFirst.run(state, ctx, pass);
      onRefusedKey = DepthFirst.onRefusedKey;
    } else {
      this.bestFirst ??= new BestFirst(this.megabytes / 4);
      status = this.bestFirst.run(state, ctx, pass);
      onRefusedKey = BestFirst.onRefusedKey;
    }
    if (status !== WON) this.unwind(state);
    if (provesLoss(status, allowsEveryMove(pass), ctx.refusedInPass, onRefusedKey)) this.lost = true;
    return status;
  }

  /**
   * The exact pass made with the other threads on their shared table (SharedExact): a win is
   * this thread's own; a loss is claimed only once every thread's pass ended EXHAUSTED.
   */
  private sharedPass(
    state: State,
    pass: DepthFirstPass,
    nodeCap: number,
    timeCap: number,
    shared: { exact: SharedExact; table: Table },
  ): Status {
    const ctx = this.ctx;
    ctx.beginPass(state, nodeCap, timeCap, shared.table);
    const status = this.depthFirst.run(state, ctx, pass);
    ctx.table = ctx.ownTable;
    if (status !== WON) this.unwind(state);
    const { tally, threads } = shared.exact;
    Atomics.add(tally, provesLoss(status, true, ctx.refusedInPass, DepthFirst.onRefusedKey) ? 0 : 1, 1);
    Atomics.notify(tally, 2);
    if (status === WON) return status;
    while (Atomics.load(tally, 0) + Atomics.load(tally, 1) < threads && !ctx.stopped()) Atomics.wait(tally, 2, 0, 20);
    if (Atomics.load(tally, 0) === threads) this.lost = true;
    return status;
  }

  /**
   * The winning line `state` holds from the root, as a player makes it (stock plays written
   * out). Each stock play is written out, taken back and made again as one move, so that the
   * state's line stays as long as the search made it.
   */
  private asPlayed(state: State): number[] {
    const line = Array.from(state.line.subarray(this.ctx.rootDepth, state.depth));
    this.unwind(state);
    const moves: number[] = [];
    for (const m of line) {
      const before = moves.length;
      applyAsPlayed(state, m, moves);
      for (let i = before; i < moves.length; i++) undoMove(state);
      applyMove(state, m);
    }
    return moves;
  }

  private unwind(state: State): void {
    while (state.depth > this.ctx.rootDepth) undoMove(state);
  }
}
