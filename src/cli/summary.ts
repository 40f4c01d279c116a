import type { Command } from 'commander';
import { formatSummary, readResultFiles, summarize } from '../sim/summary.js';
import { run } from './io.js';

export function summaryCommand(program: Command): void {
  program
    .command('summary')
    .description('the win-rate summary of result CSV files (several files of a game merge; a deal may appear once)')
    .argument('<file...>', 'result CSV files written by winrate')
    .option('--json', 'print the summary as JSON')
    .action((files: string[], flags: { json?: boolean }) =>
      run(() => {
        const summary = summarize(readResultFiles(files));
        process.stdout.write(flags.json ? `${JSON.stringify({ files, summary })}\n` : formatSummary(summary));
      }),
    );
}
