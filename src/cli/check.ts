import type { Command } from 'commander';
import { checkResult, readSolveResult } from '../result.js';
import { readJsonFile } from '../files.js';
import { gameFromFlags, rulesOptions, run } from './io.js';

export function checkCommand(program: Command): void {
  rulesOptions(
    program
      .command('check')
      .description(
        'replay a solve result (FORMATS.md) move by move with the independent referee, under the rules it names (or those given)',
      )
      .argument('<result.json>', 'a solve result file (- for stdin)')
      .option('-g, --game <id>', 'the game whose rules to check under, GAME or GAME:VARIANT (with --rules or --rule)'),
  ).action((file: string, opts: { game?: string; rules?: string; rule?: string[] }) =>
    run(() => {
      gameFromFlags(opts);
      process.stdout.write(`${checkResult(readSolveResult(readJsonFile(file, 'result')))}\n`);
    }),
  );
}
