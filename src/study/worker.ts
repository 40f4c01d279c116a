// The worker thread of the win-rate pool (piscina): plays one deal a task. Each thread keeps one
// Solver and reuses it for every deal (its table is cleared, not reallocated), so a deal's result
// depends only on the task, never on which thread ran it or what it ran before.
import { dealGame } from '../position/deal.js';
import { addGames, getGame, type Game } from '../games/index.js';
import type { SolveResult } from '../solve/result.js';
import { reusableSolver, solvePosition } from '../solve/solve.js';
import { playGame } from '../player/play.js';
import { makePlayer } from '../player/players.js';
import type { DealTask } from './types.js';
import { workerData } from 'node:worker_threads';

// The games the parent added for this run (a rules file, --rule changes), under their ids.
addGames((workerData as { games?: Game[] } | null)?.games ?? []);

export default function playDeal(task: DealTask): SolveResult {
  const deal = dealGame(getGame(task.game), task.seed);
  const { player } = task;
  if (player.name === 'thoughtful') return solvePosition(deal, task.settings, reusableSolver(task.settings.memoryMb));
  // A player that sees only what a person sees plays the deal to the end (the referee checks it).
  return playGame(deal, makePlayer(player.name, task.game, player, task.seed));
}
