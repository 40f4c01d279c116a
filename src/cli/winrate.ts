import type { Command } from 'commander';
import { parseSeed } from '../position/position.js';
import { UsageError } from '../errors.js';
import { DEFAULT_SAMPLING } from '../player/sampling.js';
import { checkAddressSpace } from '../study/address-space.js';
import { seedGames } from '../games/index.js';
import { progressMode } from '../study/progress.js';
import { formatSummary, type GameSummary } from '../study/report/summary.js';
import { parseShard, shardFile, type Shard } from '../study/results/shard.js';
import type { PlayerSpec } from '../study/types.js';
import { parsePlayerName } from '../player/players.js';
import { type PlayerFlags, playerOptions, playerSettingsFromFlags } from './play.js';
import { runWinrate, type WinrateRun } from '../study/winrate.js';
import { gameFromFlags, intFlag, rulesOptions, run, threadCount, warn, type RulesFlags } from './io.js';
import { settingsFromFlags, solverOptions } from './solve.js';

/** Deals of each game in one run at most (the run holds every task in memory). */
const MAX_DEALS = 1_000_000;

interface WinrateFlags extends RulesFlags, PlayerFlags {
  game: string;
  deals?: string;
  start: string;
  workers?: string;
  out?: string;
  timeLimit: string;
  maxNodes: string;
  memory: string;
  quiet?: boolean;
  json?: boolean;
  rerunUnknown?: boolean;
  shard?: string;
  player: string;
}

export function winrateCommand(program: Command): void {
  solverOptions(
    playerOptions(
      rulesOptions(program.command('winrate'))
        .description('estimate win rates: play the deals of a range of seeds on worker threads, a CSV row a deal, then a summary')
        .option('-g, --game <id>', 'game id (GAME or GAME:VARIANT; `patience games` lists them), or all: the four seed games', 'all')
        .option('-n, --deals <n>', 'deals of each game: seeds start..start+n-1')
        .option('--start <seed>', 'first seed', '0')
        .option('-w, --workers <k>', 'worker threads (default: the available parallelism)')
        .option('-o, --out <file>', 'CSV file the rows go to as deals finish; a rerun with the same file resumes')
        .option(
          '--rerun-unknown',
          'play the unknown and error deals of --out again with the limits given, replacing their rows (--deals/--start narrow it to those seeds)',
        )
        .option(
          '--shard <I/N>',
          'play only shard I of N (0 <= I < N): the seeds s with s mod N = I, into NAME.shard-I-of-N.csv beside --out NAME.csv; k8s/N, aws/N or slurm take I (and for slurm N) from the batch engine (JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT)',
        )
        .option('-q, --quiet', 'no progress on stderr')
        .option('--json', 'print the summary as JSON')
        .option(
          '--player <name>',
          'thoughtful (the solver, all cards known), or best, greedy or sampling (see only what a person sees)',
          'thoughtful',
        ),
    ),
  ).action((flags: WinrateFlags) =>
    run(async () => {
      const all = flags.game.trim() === 'all' && flags.rules === undefined;
      if (all && flags.rule?.length) throw new UsageError('--rule changes one game: give --game G with it');
      const games = all
        ? seedGames().map((g) => g.id)
        : [gameFromFlags({ ...flags, game: flags.game.trim() === 'all' ? undefined : flags.game })!.id];
      const rerun = flags.rerunUnknown === true;
      if (flags.out === undefined || flags.out.trim() === '')
        throw new UsageError('give --out FILE: the CSV the rows are written to (and resumed from)');
      if (flags.out === '-')
        throw new UsageError("--out -: a run reads its file back to resume, so it needs a name (./- for a file named '-')");
      if (flags.deals === undefined && !rerun) throw new UsageError('give --deals N: how many deals of each game');
      const deals = flags.deals === undefined ? undefined : intFlag('--deals', flags.deals, 1, MAX_DEALS);
      const start = parseFlagSeed(flags.start);
      const workers = threadCount('--workers', flags.workers);
      const settings = settingsFromFlags(flags);
      // The players' flags are checked whoever plays: a bad value is a mistake even where it is not used.
      const playerSettings = playerSettingsFromFlags(flags);
      const player: PlayerSpec =
        flags.player === 'thoughtful' ? { name: 'thoughtful' } : { name: parsePlayerName(flags.player, ['thoughtful']), ...playerSettings };
      checkAddressSpace(workers, player.name === 'thoughtful' ? settings.memoryMb : DEFAULT_SAMPLING.memoryMb, '--workers');
      const shard: Shard | undefined = flags.shard === undefined ? undefined : parseShard(flags.shard);
      const out = shard ? shardFile(flags.out, shard) : flags.out;

      // Ctrl-C: stop submitting, drop the running deals, keep every finished row, print the
      // summary of what is done and exit 130. A second Ctrl-C exits at once (rows are on disk).
      const stop = new AbortController();
      let signalled: NodeJS.Signals | undefined;
      const onSignal = (sig: NodeJS.Signals): void => {
        if (signalled) process.exit(sig === 'SIGTERM' ? 143 : 130);
        signalled = sig;
        if (!flags.quiet)
          process.stderr.write(`\npatience: ${sig === 'SIGINT' ? 'interrupted' : 'terminated'}: stopping (finished deals are kept)\n`);
        stop.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      let result: WinrateRun;
      try {
        result = await runWinrate({
          games,
          player,
          start,
          ...(deals !== undefined ? { deals } : {}),
          ...(shard ? { shard } : {}),
          settings,
          workers,
          out,
          rerunUnknown: rerun,
          signal: stop.signal,
          progress: progressMode(flags.quiet === true),
          warn,
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }

      process.stdout.write(flags.json ? `${JSON.stringify(jsonReport(out, result))}\n` : formatSummary(result.summary));
      const note = (m: string): void => {
        if (flags.quiet !== true) warn(m);
      };
      if (result.interrupted) {
        note(
          `stopped with ${result.remaining} deal(s) not played; run the same command again to go on (${out} keeps the ${result.rows.length} done)`,
        );
      }
      if (result.errors > 0) note(`${result.errors} deal(s) failed: result 'error' in ${out} (the error column says why)`);
      const undecided = result.summary.reduce((n, s) => n + s.unknown + s.errors, 0);
      if (undecided > 0 && !result.interrupted) {
        note(
          `${undecided} deal(s) undecided: rerun them with larger limits with --rerun-unknown --out ${flags.out}${flags.shard !== undefined ? ` --shard ${flags.shard}` : ''}`,
        );
      }
      process.exitCode = signalled ? (signalled === 'SIGTERM' ? 143 : 130) : result.errors > 0 ? 1 : 0;
    }),
  );
}

function parseFlagSeed(text: string): number {
  try {
    return parseSeed(text);
  } catch {
    throw new UsageError(`--start must be a seed (a whole number from 0 to ${2 ** 32 - 1}), not '${text}'`);
  }
}

function jsonReport(
  file: string,
  r: WinrateRun,
): { file: string; played: number; resumed: number; remaining: number; interrupted: boolean; summary: GameSummary[] } {
  return { file, played: r.played, resumed: r.resumed, remaining: r.remaining, interrupted: r.interrupted, summary: r.summary };
}
