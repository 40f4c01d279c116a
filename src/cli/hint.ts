import type { Command } from 'commander';
import { describeMove, parseMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import { firstMove } from '../player/play.js';
import { makePlayer, parsePlayerName } from '../player/players.js';
import { playerLabel } from '../study/types.js';
import { UsageError } from '../errors.js';
import { playerOptions, playerSettingsFromFlags } from './play.js';
import { positionFromFlags, run, rulesOptions } from './io.js';

export function hintCommand(program: Command): void {
  playerOptions(
    rulesOptions(program.command('hint'))
      .description(
        "the player's move for a position, with the share of its samples won after it (an estimate of the chance to win from here)",
      )
      .option('-p, --position <file>', 'a position JSON (a deal or a game in progress)')
      .option('-g, --game <id>', 'game id, GAME or GAME:VARIANT (with --seed, a deal instead of a position)')
      .option('-s, --seed <n>', 'seed of the deal')
      .option('--player <name>', 'best or sampling (greedy gives no estimate)', 'best')
      .option('--json', 'print the hint as JSON'),
  ).action((opts) =>
    run(() => {
      const position = positionFromFlags(opts);
      const name = parsePlayerName(opts.player);
      if (name === 'greedy')
        throw new UsageError('the greedy player samples nothing, so it gives no estimate: use --player best or sampling');
      const settings = playerSettingsFromFlags(opts);
      let samples = 0;
      let wonAfter = 0;
      const player = makePlayer(name, position.game, settings, position.seed ?? 0, (_move, n, won) => {
        samples = n;
        wonAfter = won;
      });
      const { move, legal } = firstMove(position, player);
      const state = State.fromPosition(compileGame(getGame(position.game)), position);
      const words = move === null ? null : describeMove(state, parseMove(state.rules, move));
      const share = samples > 0 ? wonAfter / samples : null;
      const hint = {
        game: position.game,
        ...(position.seed !== undefined ? { seed: position.seed } : {}),
        player: playerLabel({ name, ...settings }),
        won: state.isWon(),
        legal: legal.length,
        move,
        describe: words,
        samples,
        wonAfter,
        share,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(hint)}\n`);
        return;
      }
      const lines = [`${hint.game}${hint.seed !== undefined ? ` seed ${hint.seed}` : ''}: ${hint.player} player`];
      if (hint.won) lines.push('the game is won: every card is home');
      else if (move === null)
        lines.push(legal.length === 0 ? 'no legal move: the game is lost' : 'no move worth making: the player gives up here');
      else {
        lines.push(`move: ${words}  [${move}]`);
        lines.push(
          share === null
            ? `the only move: nothing sampled (${legal.length} legal move${legal.length === 1 ? '' : 's'})`
            : `won after it in ${wonAfter} of ${samples} samples (${(100 * share).toFixed(0)} %): an estimate of the chance to win from here`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    }),
  );
}
