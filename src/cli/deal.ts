import type { Command } from 'commander';
import { formatPosition } from '../position/position.js';
import { positionFromFlags, rulesOptions, run } from './io.js';

export function dealCommand(program: Command): void {
  rulesOptions(program.command('deal'))
    .description('print the deal of a game from a seed (or a position file, checked)')
    .option('-g, --game <id>', 'game id, GAME or GAME:VARIANT (`patience games` lists them)')
    .option('-s, --seed <n>', 'seed, a whole number from 0 to 4294967295')
    .option('-p, --position <file>', 'read a position JSON instead (- for stdin)')
    .option('--json', 'print the position as JSON (FORMATS.md)')
    .option('--symbols', 'suit symbols in colour, for terminals')
    .action((opts) =>
      run(() => {
        const pos = positionFromFlags(opts);
        process.stdout.write(opts.json ? `${JSON.stringify(pos)}\n` : `${formatPosition(pos, { symbols: opts.symbols })}\n`);
      }),
    );
}
