import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { CONTROL, refuseOutputAmongInputs } from '../files.js';
import { renderSvg } from '../study/report/plot.js';
import { readResultSet } from '../study/results/result-set.js';
import { writeOutputFile } from '../study/results/results-file.js';
import { summarize } from '../study/report/summary.js';
import { run, warn } from './io.js';

export function plotCommand(program: Command): void {
  program
    .command('plot')
    .description("an SVG chart of the win rates in result CSV files: each game's rate, its 95 % interval and the stated rate")
    .argument('<file...>', 'result CSV files written by winrate, folders of them, or a pattern such as "dir/x.shard-*.csv"')
    .option('-o, --out <file>', 'the SVG file to write (default: stdout)')
    .option('--title <text>', 'the chart title')
    .action((args: string[], flags: { out?: string; title?: string }) =>
      run(() => {
        if (flags.title !== undefined && CONTROL.test(flags.title)) throw new UsageError('--title holds a control character');
        const toFile = flags.out !== undefined && flags.out !== '-';
        const set = readResultSet(args, warn);
        if (toFile)
          refuseOutputAmongInputs(
            flags.out!,
            set.files.map((f) => f.file),
          );
        const svg = renderSvg(summarize(set.rows), flags.title !== undefined ? { title: flags.title } : {});
        if (!toFile) {
          process.stdout.write(svg);
          return;
        }
        writeOutputFile(flags.out!, svg, { results: false }, warn);
        warn(`wrote ${flags.out}`);
      }),
    );
}
