import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { refuseOutputAmongInputs } from '../files.js';
import { mergedCsv, readResultSet, refuseUnreadResults } from '../study/results/result-set.js';
import { repairResults, writeOutputFile } from '../study/results/results-file.js';
import { run, warn } from './io.js';

export function mergeCommand(program: Command): void {
  program
    .command('merge')
    .description('one CSV of several result files (the shards of a study, checked as summary checks them), sorted by game and seed')
    .argument('<file...>', 'result CSV files, folders of them, or a pattern such as "dir/x.shard-*.csv"')
    .requiredOption('-o, --out <file>', 'the combined CSV to write (not one of the inputs; - for stdout)')
    .action((args: string[], flags: { out: string }) =>
      run(() => {
        const set = readResultSet(args, warn);
        refuseOutputAmongInputs(
          flags.out,
          set.files.map((f) => f.file),
        );
        if (flags.out === '-') {
          process.stdout.write(mergedCsv(set));
          return;
        }
        refuseUnreadResults(flags.out, set.rows);
        writeOutputFile(flags.out, mergedCsv(set), { results: true }, warn);
        warn(`wrote ${flags.out}: ${set.rows.length} rows from ${set.files.length} file(s)`);
      }),
    );
}

export function repairCommand(program: Command): void {
  program
    .command('repair')
    .description(
      'repair a result CSV that holds a deal more than once: keep the first row of each deal (and drop a torn last line), in place',
    )
    .argument('<file>', 'a result CSV written by winrate')
    .action((file: string) =>
      run(() => {
        if (file === '-') throw new UsageError("repair -: a file is repaired in place, so it needs a name (./- for a file named '-')");
        process.stdout.write(`${repairResults(file, warn)}\n`);
      }),
    );
}
