import type { Command } from 'commander';
import { describeMove, parseMove } from '../engine/moves.js';
import { makePlayer, parsePlayerName } from '../player/players.js';
import { playGame } from '../player/play.js';
import { DEFAULT_SAMPLING, type SamplingSettings } from '../player/sampling.js';
import { MAX_SEED } from '../deal.js';
import { intFlag, positionFromFlags, run } from './io.js';

/** The sampling player's flags, shared by play and winrate. */
export function playerOptions(cmd: Command): Command {
  return cmd
    .option('--samples <n>', 'sampling player: samples per decision', String(DEFAULT_SAMPLING.samples))
    .option('--sample-nodes <n>', 'sampling player: solver positions per sample', String(DEFAULT_SAMPLING.nodes))
    .option('--sample-seed <n>', 'sampling player: seed of the sampling', String(DEFAULT_SAMPLING.seed));
}

export function samplingFromFlags(opts: { samples: string; sampleNodes: string; sampleSeed: string }): SamplingSettings {
  return {
    samples: intFlag('--samples', opts.samples, 1, 10000),
    nodes: intFlag('--sample-nodes', opts.sampleNodes, 1),
    seed: intFlag('--sample-seed', opts.sampleSeed, 0, MAX_SEED),
    memoryMb: DEFAULT_SAMPLING.memoryMb,
  };
}

export function playCommand(program: Command): void {
  playerOptions(
    program
      .command('play')
      .description('play one deal with a player that sees only what a person sees, move by move')
      .option('-g, --game <id>', 'game id')
      .option('-s, --seed <n>', 'seed of the deal')
      .option('-p, --position <file>', 'a position JSON to play from instead')
      .option('--player <name>', 'greedy or sampling', 'sampling'),
  ).action((opts) =>
    run(() => {
      const position = positionFromFlags(opts);
      const name = parsePlayerName(opts.player);
      const player = makePlayer(name, samplingFromFlags(opts), position.seed ?? 0);
      let n = 0;
      const result = playGame(position, player, (move, state) => {
        process.stdout.write(`${String(++n).padStart(4)}. ${describeMove(state, parseMove(state.rules, move))}  [${move}]\n`);
      });
      process.stdout.write(`${position.game}${position.seed !== undefined ? ` seed ${position.seed}` : ''}: ${name} player ${result.result} in ${result.moves.length} moves (${Math.round(result.stats.ms)} ms), replayed and checked\n`);
    }),
  );
}
