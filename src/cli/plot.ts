import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { renderSvg } from '../sim/plot.js';
import { readResultFiles, summarize } from '../sim/summary.js';
import { run } from './io.js';

export function plotCommand(program: Command): void {
  program
    .command('plot')
    .description("an SVG chart of the win rates in result CSV files: each game's rate, its 95 % interval and the stated rate")
    .argument('<file...>', 'result CSV files written by winrate')
    .option('-o, --out <file>', 'the SVG file to write (default: stdout)')
    .option('--title <text>', 'the chart title')
    .action((files: string[], flags: { out?: string; title?: string }) =>
      run(() => {
        const svg = renderSvg(summarize(readResultFiles(files)), flags.title !== undefined ? { title: flags.title } : {});
        if (flags.out === undefined || flags.out === '-') {
          process.stdout.write(svg);
          return;
        }
        try {
          writeFileSync(flags.out, svg);
        } catch (e) {
          throw new UsageError(`cannot write '${flags.out}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
        }
        process.stderr.write(`patience: wrote ${flags.out}\n`);
      }),
    );
}
