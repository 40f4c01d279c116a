// Player comparison on a fixed set of deals, one core, one deal after another: win count, CPU
// time (not wall time: the machine may be shared) and moves a game, for one player configuration per run. Used to choose the default player
// (docs/players.md).
//   npx tsx bench/players.ts --game G --deals 100 [--start 0] --player rollout --samples 8 --width 6
//   npx tsx bench/players.ts --game klondike --deals 100 --player commit --samples 32 --nodes 6000 --score-nodes 3000 --candidates 4
// --per-deal also prints each deal's result, to compare two runs deal by deal.
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { getGame } from '../src/games/index.js';
import { playGame } from '../src/player/play.js';
import { greedyPlayer } from '../src/player/greedy.js';
import type { Player } from '../src/player/types.js';
import { rolloutPlayer, DEFAULT_ROLLOUT } from '../src/player/rollout.js';
import { samplingPlayer, DEFAULT_SAMPLING } from '../src/player/sampling.js';
import { commitPlayer } from '../src/player/commit.js';

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    deals: { type: 'string', default: '50' },
    start: { type: 'string', default: '0' },
    player: { type: 'string', default: 'rollout' },
    samples: { type: 'string' },
    width: { type: 'string' },
    nodes: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'score-nodes': { type: 'string', default: '3000' },
    candidates: { type: 'string', default: '4' },
    'per-deal': { type: 'boolean', default: false },
  },
});
const game = getGame(values.game ?? '');
const deals = Number(values.deals);
const start = Number(values.start);
const make = (seed: number): Player => {
  if (values.player === 'greedy') return greedyPlayer;
  if (values.player === 'commit')
    return commitPlayer(
      {
        samples: Number(values.samples ?? 16),
        nodes: Number(values.nodes ?? 6000),
        scoreNodes: Number(values['score-nodes']),
        candidates: Number(values.candidates),
        seed: DEFAULT_SAMPLING.seed,
        memoryMb: DEFAULT_SAMPLING.memoryMb,
      },
      seed,
    );
  if (values.player === 'sampling')
    return samplingPlayer(
      {
        ...DEFAULT_SAMPLING,
        samples: Number(values.samples ?? DEFAULT_SAMPLING.samples),
        nodes: Number(values.nodes ?? DEFAULT_SAMPLING.nodes),
        keep: values.keep,
      },
      seed,
    );
  return rolloutPlayer(
    {
      ...DEFAULT_ROLLOUT,
      samples: Number(values.samples ?? DEFAULT_ROLLOUT.samples),
      width: Number(values.width ?? DEFAULT_ROLLOUT.width),
    },
    seed,
  );
};
let won = 0;
let cpuMs = 0;
let moves = 0;
for (let seed = start; seed < start + deals; seed++) {
  const cpu = process.cpuUsage();
  const r = playGame(dealGame(game, seed), make(seed));
  const used = process.cpuUsage(cpu);
  cpuMs += (used.user + used.system) / 1000;
  if (r.result === 'won') won++;
  moves += r.moves.length;
  // One line a deal, for paired comparisons between runs on the same seeds.
  if (values['per-deal']) process.stdout.write(`${seed} ${r.result}\n`);
}
process.stdout.write(
  `${game.id} ${values.player} ${JSON.stringify(values)} seeds ${start}..${start + deals - 1}: won ${won}/${deals} (${((100 * won) / deals).toFixed(1)} %), ${(cpuMs / deals).toFixed(0)} ms of CPU a game, ${(moves / deals).toFixed(0)} moves a game\n`,
);
