import type { Command } from 'commander';
import { getGame } from '../games/index.js';
import { describeMove, applyMove, parseMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { MAX_DEPTH } from '../search/driver/context.js';
import { DEFAULT_SETTINGS, type SolveSettings } from '../solve/settings.js';
import { solvePosition, solvePositionOnThreads, solvePositionPlain } from '../solve/solve.js';
import { PLAIN_MAX_POSITIONS } from '../search/plain.js';
import { pruningsInWords } from '../search/prunings/prunings.js';
import { UsageError } from '../errors.js';
import { checkAddressSpace } from '../study/address-space.js';
import type { SolveResult } from '../solve/result.js';
import { intFlag, positionFromFlags, rulesOptions, run, secondsFlag, threadCount } from './io.js';

/** The solver flags shared by solve, winrate and show. */
export function solverOptions(cmd: Command): Command {
  return cmd
    .option(
      '--time-limit <seconds>',
      'give up with "unknown" after this many seconds per deal (0: none)',
      String(DEFAULT_SETTINGS.timeLimit),
    )
    .option('--max-nodes <n>', 'give up with "unknown" after this many positions (0: none)', String(DEFAULT_SETTINGS.maxNodes))
    .option(
      '--memory <mb>',
      'transposition table size in megabytes (a search that begins with best-first rounds adds a quarter of it for their tree)',
      String(DEFAULT_SETTINGS.memoryMb),
    );
}

export function settingsFromFlags(opts: { timeLimit: string; maxNodes: string; memory: string }): SolveSettings {
  return {
    timeLimit: secondsFlag('--time-limit', opts.timeLimit),
    maxNodes: intFlag('--max-nodes', opts.maxNodes, 0),
    memoryMb: intFlag('--memory', opts.memory, 1, 16384),
  };
}

export function solveCommand(program: Command): void {
  solverOptions(
    rulesOptions(program.command('solve'))
      .description('say whether a deal (or a typed-in position) can be won with all cards known, with the winning moves')
      .option('-g, --game <id>', 'game id, GAME or GAME:VARIANT')
      .option('-s, --seed <n>', 'seed of the deal')
      .option('-p, --position <file>', 'a position JSON (FORMATS.md) to solve instead (- for stdin)')
      .option('--json', 'print the solve result as JSON (FORMATS.md)')
      .option(
        '--threads <k>',
        'search on k threads at once, each its own way and with its own --memory, at most one a core; the first to decide answers',
        '1',
      )
      .option(
        '--plain',
        `decide with the plain exhaustive search instead: every legal move, exact positions, every pruning off (slow; its positions fill --memory at about 200 bytes each, ${PLAIN_MAX_POSITIONS} at most, and at most 60 % of the JS heap, which node --max-old-space-size raises)`,
      ),
  ).action((opts) =>
    run(async () => {
      const settings = settingsFromFlags(opts);
      const threads = threadCount('--threads', opts.threads);
      if (opts.plain && threads > 1) throw new UsageError('--plain searches on one thread: leave out --threads');
      if (threads > 1) checkAddressSpace(threads, settings.memoryMb, '--threads');
      const position = positionFromFlags(opts);
      const report = opts.plain
        ? solvePositionPlain(position, settings)
        : threads === 1
          ? solvePosition(position, settings)
          : await solvePositionOnThreads(position, settings, threads);
      process.stdout.write(opts.json ? `${JSON.stringify(report)}\n` : formatReport(report, settings));
    }),
  );
}

function formatReport(report: SolveResult, settings: SolveSettings): string {
  const { stats } = report;
  const state = State.fromPosition(compileGame(getGame(report.game)), report.position);
  const lines = [
    `${report.game}${report.seed !== undefined ? ` seed ${report.seed}` : ''}: ${verdict(report, settings)}`,
    `${stats.nodes} positions in ${stats.ms} ms${stats.threads ? ` on ${stats.threads} threads (the answer from thread ${stats.thread})` : ''}${stats.tableFull ? ' (the table filled up: positions off the current line were searched again)' : ''}`,
    ...(report.result === 'won' ? [] : [`at best ${stats.mostHome} of ${state.rules.totalCards} cards home`]),
  ];
  if (report.result === 'won') {
    lines.push(`${report.moves.length} moves, replayed and checked:`);
    report.moves.forEach((text, i) => {
      const m = parseMove(state.rules, text);
      lines.push(`${String(i + 1).padStart(4)}. ${describeMove(state, m)}  [${text}]`);
      applyMove(state, m);
    });
  }
  return `${lines.join('\n')}\n`;
}

/** The result in words: for `lost` what proves it, for `unknown` what stopped the search. */
export function verdict(report: SolveResult, settings: SolveSettings): string {
  const { nodes, limit } = report.stats;
  // A loss is claimed only by a pass that searched every line (src/search/driver/status.ts, provesLoss).
  if (report.result === 'won') return 'won';
  if (report.result === 'lost')
    return report.stats.plain
      ? `lost: the plain search entered every position reachable (every legal move, no pruning), ${nodes} positions`
      : `lost: every line was searched, ${nodes} positions, with the prunings these rules allow: ${pruningsInWords(getGame(report.game)).join('; ') || 'none'} (--plain re-decides with none)`;
  const why =
    limit === 'time'
      ? `the time limit (${settings.timeLimit} s) was reached`
      : limit === 'nodes'
        ? `the node limit (${settings.maxNodes} positions) was reached`
        : limit === 'depth'
          ? `a line longer than ${MAX_DEPTH} moves was cut`
          : 'the table was full (more --memory may help; for --plain, also a larger JS heap)';
  return `unknown: ${why}, so nothing is proved`;
}
