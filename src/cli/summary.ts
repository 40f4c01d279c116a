import type { Command } from 'commander';
import { readResultSet } from '../study/results/result-set.js';
import { UsageError } from '../errors.js';
import { formatSummary, formatTimes, SPLITS, summarize, type Split } from '../study/report/summary.js';
import { run, warn } from './io.js';

export function summaryCommand(program: Command): void {
  program
    .command('summary')
    .description(
      'the win-rate summary of result CSV files (several files of a game merge; a deal may appear once; the shards of a study must add up to one run)',
    )
    .argument('<file...>', 'result CSV files written by winrate, folders of them, or a pattern such as "dir/x.shard-*.csv"')
    .option('--json', 'print the summary as JSON')
    .option('--times', 'per game: median and p95 time a deal, core-seconds in all, and the ten slowest deals decided')
    .option('--by <column>', `also split each game's rows by: ${SPLITS.join(', ')} (the code that made them)`)
    .action((args: string[], flags: { json?: boolean; by?: string; times?: boolean }) =>
      run(() => {
        if (flags.by !== undefined && !(SPLITS as readonly string[]).includes(flags.by))
          throw new UsageError(`--by: cannot split by ${JSON.stringify(flags.by.slice(0, 40))} (one of: ${SPLITS.join(', ')})`);
        const set = readResultSet(args, warn);
        const summary = summarize(set.rows, flags.by as Split | undefined);
        if (flags.json) process.stdout.write(`${JSON.stringify({ files: set.files.map((f) => f.file), summary })}\n`);
        else process.stdout.write(flags.times ? formatTimes(summary) : formatSummary(summary));
      }),
    );
}
