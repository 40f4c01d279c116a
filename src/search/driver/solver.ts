// The solver: runs the pass plan (plan.ts) over one search context (context.ts) and says won
// (with the line), lost (only as provesLoss allows) or unknown (with the limit that stopped it).
import { applyMove, undoMove } from '../../engine/moves.js';
import type { State } from '../../engine/state.js';
import { BestFirst } from '../passes/bestfirst.js';
import { SearchContext, type Limits } from './context.js';
import { DepthFirst } from '../passes/depthfirst.js';
import { allowsEveryMove, type Pass, type RestartStage, type RoundsStage, type Stage } from '../passes/passes.js';
import { passPlan, UNLIMITED_CHEAP_NODES } from './plan.js';
import { pruningsFor } from '../prunings/prunings.js';
import { RestartSchedule } from '../passes/restarts.js';
import { roundSeed } from '../passes/seeds.js';
import { applyAsPlayed, firstAsPlayed } from '../prunings/stockplays.js';
import { DEPTH, EXHAUSTED, FULL, NODES, provesLoss, TIME, WON, type OnRefusedKey, type Status } from './status.js';
import type { Table } from './table.js';

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

  constructor(
    private readonly megabytes: number,
    options: { maxDepth?: number; stop?: Int32Array } = {},
  ) {
    this.ctx = new SearchContext(megabytes, options.maxDepth, options.stop);
  }

  get table(): Table {
    return this.ctx.table;
  }

  /**
   * Searches from `state` (left as it was found) for a line that wins, pass by pass, with these
   * prunings (by default the game's: src/search/prunings/prunings.ts).
   */
  solve(state: State, limits: Limits, plan: readonly Stage[] = passPlan(state), prunings = pruningsFor(state.rules)): SearchResult {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.start(state, limits, prunings);
    this.lost = false;
    this.schedules.clear();
    let status: Status = state.isWon() ? WON : EXHAUSTED;
    for (let i = 0; status === EXHAUSTED && !this.lost && i < plan.length; i++) {
      const stage = plan[i]!;
      switch (stage.kind) {
        case 'single':
          status = this.pass(state, stage.pass, ctx.nodeCapFor(stage.share, UNLIMITED_CHEAP_NODES), ctx.timeCapFor(stage.share));
          break;
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
