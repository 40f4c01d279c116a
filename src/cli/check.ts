import type { Command } from 'commander';
import { checkResult, readSolveResult } from '../result.js';
import { readJsonFile } from '../files.js';
import { run } from './io.js';

export function checkCommand(program: Command): void {
  program
    .command('check')
    .description('replay a solve result (FORMATS.md) move by move with the independent referee')
    .argument('<result.json>', 'a solve result file (- for stdin)')
    .action((file: string) =>
      run(() => {
        process.stdout.write(`${checkResult(readSolveResult(readJsonFile(file, 'result')))}\n`);
      }),
    );
}
