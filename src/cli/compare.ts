import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { CONTROL } from '../files.js';
import { compare, formatComparison } from '../study/report/compare.js';
import { readResultSet } from '../study/results/result-set.js';
import { run, warn } from './io.js';

export function compareCommand(program: Command): void {
  program
    .command('compare')
    .description("one table: per game the thoughtful rate, each player's rate and the stated figure, with intervals")
    .argument('<file...>', 'result CSV files written by winrate (thoughtful and player rows), folders of them, or patterns')
    .option('--note <text>', 'a line to print under the table (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--json', 'print the comparison as JSON')
    .action((files: string[], flags: { json?: boolean; note: string[] }) =>
      run(() => {
        if (flags.note.some((note) => CONTROL.test(note))) throw new UsageError('--note holds a control character');
        const c = compare(readResultSet(files, warn).rows);
        process.stdout.write(flags.json ? `${JSON.stringify({ files, ...c })}\n` : formatComparison(c, flags.note));
      }),
    );
}
