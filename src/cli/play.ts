import { writeSync } from 'node:fs';
import type { Command } from 'commander';
import { describeMove, parseMove } from '../engine/moves.js';
import { makePlayer, parsePlayerName, type PlayerSettings } from '../player/players.js';
import { playGame } from '../player/play.js';
import { BUDGETS, DEFAULT_BUDGET } from '../player/best.js';
import { DEFAULT_SAMPLING } from '../player/sampling.js';
import { playerLabel } from '../study/types.js';
import { MAX_SEED } from '../position/position.js';
import { intFlag, positionFromFlags, run, rulesOptions } from './io.js';

export interface PlayerFlags {
  samples: string;
  sampleNodes: string;
  sampleSeed: string;
  budget: string;
}

/** The players' flags, shared by play, hint and winrate. */
export function playerOptions(cmd: Command): Command {
  return cmd
    .option(
      '--budget <n>',
      `best player: thinking budget, ${BUDGETS[0]} (a glance) to ${BUDGETS.at(-1)} (a long think)`,
      String(DEFAULT_BUDGET),
    )
    .option('--samples <n>', 'sampling player: samples per decision', String(DEFAULT_SAMPLING.samples))
    .option('--sample-nodes <n>', 'sampling player: solver positions per sample', String(DEFAULT_SAMPLING.nodes))
    .option('--sample-seed <n>', 'sampling and best players: seed of the sampling', String(DEFAULT_SAMPLING.seed));
}

export function playerSettingsFromFlags(opts: PlayerFlags): PlayerSettings {
  return {
    sampling: {
      samples: intFlag('--samples', opts.samples, 1, 10000),
      nodes: intFlag('--sample-nodes', opts.sampleNodes, 1),
      seed: intFlag('--sample-seed', opts.sampleSeed, 0, MAX_SEED),
      memoryMb: DEFAULT_SAMPLING.memoryMb,
    },
    budget: intFlag('--budget', opts.budget, BUDGETS[0], BUDGETS.at(-1)),
  };
}

/** Thrown when stdout is closed (`| head`): the command stops quietly. */
class OutputClosed extends Error {}

/** Thrown when stdout cannot be written (a full disk): the command stops, as every command does, with exit code 74. */
class OutputFailed extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Writes to stdout at once (a game's moves are printed as they are played), or stops on a closed pipe. */
function write(text: string): void {
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') throw new OutputClosed();
      if (code !== 'EAGAIN') throw new OutputFailed(code ?? (e as Error).message);
    }
  }
}

export function playCommand(program: Command): void {
  playerOptions(
    rulesOptions(program.command('play'))
      .description('play one deal with a player that sees only what a person sees, move by move')
      .option('-g, --game <id>', 'game id, GAME or GAME:VARIANT')
      .option('-s, --seed <n>', 'seed of the deal')
      .option('-p, --position <file>', 'a position JSON to play from instead')
      .option('--player <name>', 'best, greedy or sampling', 'best')
      .option('--json', 'print the played game as JSON (game, seed, position, player, result, moves, stats)'),
  ).action((opts) =>
    run(() => {
      const position = positionFromFlags(opts);
      const name = parsePlayerName(opts.player);
      const settings = playerSettingsFromFlags(opts);
      const player = makePlayer(name, position.game, settings, position.seed ?? 0);
      const label = playerLabel({ name, ...settings });
      let n = 0;
      try {
        const result = playGame(position, player, (move, state) => {
          if (!opts.json) write(`${String(++n).padStart(4)}. ${describeMove(state, parseMove(state.rules, move))}  [${move}]\n`);
        });
        if (opts.json) {
          const game = {
            game: position.game,
            rulesHash: result.rulesHash,
            ...(position.seed !== undefined ? { seed: position.seed } : {}),
            position,
            player: label,
            result: result.result,
            moves: result.moves,
            stats: { ms: result.stats.ms },
          };
          write(`${JSON.stringify(game)}\n`);
        } else {
          write(
            `${position.game}${position.seed !== undefined ? ` seed ${position.seed}` : ''}: ${label} player ${result.result} in ${result.moves.length} moves (${Math.round(result.stats.ms)} ms), replayed and checked\n`,
          );
        }
      } catch (e) {
        if (e instanceof OutputFailed) {
          process.stderr.write(`patience: cannot write the output: ${e.code}\n`);
          process.exitCode = 74;
        } else if (!(e instanceof OutputClosed)) throw e;
      }
    }),
  );
}
