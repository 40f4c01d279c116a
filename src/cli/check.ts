import type { Command } from 'commander';
import { checkResult, readSolveResult } from '../solve/result.js';
import { readJsonFile } from '../files.js';
import { gameForFile, rulesOptions, run } from './io.js';

export function checkCommand(program: Command): void {
  rulesOptions(
    program
      .command('check')
      .description(
        'replay a solve result (FORMATS.md) move by move with the independent referee, under the rules it names (or those given)',
      )
      .argument('<result.json>', 'a solve result file (- for stdin)')
      .option(
        '-g, --game <id>',
        "the game whose rules to check under, GAME or GAME:VARIANT (with --rules or --rule; the result's own game if left out)",
      ),
  ).action((file: string, opts: { game?: string; rules?: string; rule?: string[] }) =>
    run(() => {
      const text = readJsonFile(file, 'result');
      // Rules given for another game would otherwise be ignored: the result names its own.
      gameForFile(opts, text, 'result');
      process.stdout.write(`${checkResult(readSolveResult(text))}\n`);
    }),
  );
}
