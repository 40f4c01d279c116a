import type { Command } from 'commander';
import { checkResult, readSolveResult } from '../result.js';
import { UsageError } from '../errors.js';
import { parseUserJson, readJsonFile } from '../files.js';
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
      const game = gameFromFlags(opts);
      const text = readJsonFile(file, 'result');
      // Rules given for another game would otherwise be ignored: the result names its own.
      const named = (parseUserJson(text, 'result') as { game?: unknown } | null)?.game;
      if (game !== undefined && typeof named === 'string' && named !== game.id)
        throw new UsageError(`the rules given are ${game.id}'s, but the result is a ${named} result`);
      process.stdout.write(`${checkResult(readSolveResult(text))}\n`);
    }),
  );
}
