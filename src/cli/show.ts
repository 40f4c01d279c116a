import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { readJsonFile, refuseOutputAmongInputs } from '../files.js';
import { replay } from '../referee/referee.js';
import { solvePosition } from '../solve/solve.js';
import { renderPage } from '../show/page.js';
import { readShownGame, shownGameOfReport } from '../show/record.js';
import { writeOutputFile } from '../study/results/results-file.js';
import { gameForFile, positionFromFlags, rulesOptions, run, warn } from './io.js';
import { settingsFromFlags, solverOptions } from './solve.js';

export function showCommand(program: Command): void {
  solverOptions(
    rulesOptions(program.command('show'))
      .description('write a self-contained HTML page that steps through a solve result or a played game (or solves a deal first)')
      .argument('[file]', 'a solve result (solve --json) or a played game: JSON with position and moves (- for stdin)')
      .option(
        '-g, --game <id>',
        'solve this game first (with --seed); with a FILE, the game whose rules it is read under (with --rules or --rule)',
      )
      .option('-s, --seed <n>', 'seed of the deal to solve')
      .option('-p, --position <file>', 'solve this position JSON first')
      .requiredOption('-o, --out <file>', 'the HTML file to write (- for stdout)'),
  ).action((file: string | undefined, opts) =>
    run(() => {
      // With a FILE, --game (like --rules and --rule) names the rules the file is read under.
      const solveFirst = opts.seed !== undefined || opts.position !== undefined || (file === undefined && opts.game !== undefined);
      if (file !== undefined && solveFirst) throw new UsageError('give a FILE to show, or --seed/--position to solve first, not both');
      if (file === undefined && !solveFirst)
        throw new UsageError('give a FILE to show (a solve result or a played game), or --game G --seed N');
      refuseOutputAmongInputs(
        opts.out,
        [file, opts.position].filter((f): f is string => f !== undefined),
      );
      const text = file === undefined ? undefined : readJsonFile(file, 'solve result or played game');
      if (text !== undefined) gameForFile(opts, text, 'game file');
      const game =
        text !== undefined ? readShownGame(text) : shownGameOfReport(solvePosition(positionFromFlags(opts), settingsFromFlags(opts)));
      // The page refuses an illegal move itself; the referee's verdict makes the same point here,
      // and a line that says one outcome while playing another is refused before any page is written.
      const verdict = replay(game.position, game.moves);
      if (verdict.ok) {
        if (verdict.wonAt !== null && verdict.wonAt < game.moves.length)
          throw new UsageError(`move ${verdict.wonAt + 1} '${game.moves[verdict.wonAt]}' comes after the game is already won`);
        if (game.result !== undefined && game.result !== 'won' && verdict.won)
          throw new UsageError(`the moves win, but the result says ${game.result}`);
        if (game.result === 'won' && !verdict.won)
          throw new UsageError(`the ${game.moves.length} moves are legal but do not win: the result says won`);
      }
      if (opts.out === '-') process.stdout.write(renderPage(game));
      else writeOutputFile(opts.out, renderPage(game), { results: false }, warn);
      const what = `${game.game}${game.seed !== undefined ? ` seed ${game.seed}` : ''}`;
      if (!verdict.ok) {
        throw new UsageError(
          `move ${verdict.index + 1} '${verdict.move}' is illegal (${verdict.reason}); wrote ${opts.out}, which shows the game up to it`,
        );
      }
      const home = verdict.final.foundations.reduce((n, pile) => n + pile.length, 0);
      const outcome = verdict.won
        ? `won in ${game.moves.length} moves`
        : game.moves.length === 0 && game.result !== undefined && game.result !== 'won'
          ? `${game.result}${game.limit ? ` (${game.limit} limit reached)` : ''}, the page shows the deal`
          : `${game.result ?? 'not won'}: ${game.moves.length} moves shown, ${home} cards home at the end`;
      // With the page on stdout, the summary goes to stderr so the page stays whole.
      (opts.out === '-' ? process.stderr : process.stdout).write(`wrote ${opts.out}: ${what}, ${outcome}\n`);
    }),
  );
}
