import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { readSolveResult } from '../result.js';
import { replay } from '../referee.js';
import { readTextFile } from '../files.js';
import { run } from './io.js';

export function checkCommand(program: Command): void {
  program
    .command('check')
    .description('replay a solve result (FORMATS.md) move by move with the independent referee')
    .argument('<result.json>', 'a solve result file (- for stdin)')
    .action((file: string) =>
      run(() => {
        const result = readSolveResult(readTextFile(file));
        const verdict = replay(result.position, result.moves);
        if (!verdict.ok) {
          throw new UsageError(`move ${verdict.index + 1} '${verdict.move}' is illegal: ${verdict.reason}`);
        }
        if (result.result === 'won' && !verdict.won) {
          throw new UsageError(`the ${result.moves.length} moves are legal but do not win: the result says won`);
        }
        process.stdout.write(verdict.won ? `ok: won in ${result.moves.length} moves\n` : `ok: ${result.moves.length} legal moves, game not won (result: ${result.result})\n`);
      }),
    );
}
