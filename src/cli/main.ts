// The `patience` command line: each subcommand is a thin layer over the library.
import { Command, CommanderError } from 'commander';
import { dealCommand } from './deal.js';
import { checkCommand } from './check.js';
import { solveCommand } from './solve.js';
import { winrateCommand } from './winrate.js';
import { summaryCommand } from './summary.js';
import { plotCommand } from './plot.js';
import { playCommand } from './play.js';
import { showCommand } from './show.js';
import { mergeCommand, repairCommand } from './merge.js';
import { hintCommand } from './hint.js';
import { compareCommand } from './compare.js';
import { gamesCommand, rulesCommand } from './games.js';

const program = new Command('patience')
  .description('Deals, solves and measures the win rates of patience games, each game a rules file')
  .showHelpAfterError(false)
  // Commander's errors become one line; help asked for (or shown for no command) stays whole.
  .configureOutput({
    writeErr: (s) => process.stderr.write(s.startsWith('error: ') ? `${s.split('\n')[0]!.replace(/^error: /, 'patience: ')}\n` : s),
  })
  .exitOverride();

dealCommand(program);
checkCommand(program);
solveCommand(program);
winrateCommand(program);
summaryCommand(program);
plotCommand(program);
playCommand(program);
showCommand(program);
mergeCommand(program);
repairCommand(program);
hintCommand(program);
compareCommand(program);
gamesCommand(program);
rulesCommand(program);

// A closed pipe (`| head`) ends the program quietly; any other write error in one line.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') process.stderr.write(`patience: cannot write the output: ${e.code ?? e.message}\n`);
  process.exit(e.code === 'EPIPE' ? 0 : 74);
});

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (!(e instanceof CommanderError)) throw e;
  process.exitCode = e.exitCode === 0 ? 0 : 2;
}
