// The seeds of a search's move orders and noise, in one place: which seed each run, round and
// thread draws, laid out so that no two of them draw the same. order.ts and bestfirst.ts mix the
// low 32 bits of a seed.

/** Ties seeds a restart stage's passes go round (the pass's own seed, then the next 63). */
export const RESTART_SEEDS = 64;
/** Best-first passes a rounds stage may hold, each drawing its own noise every round. */
const ROUND_PASSES = 64;
/** How far a Luby level's ties seeds lie from the next level's (above every thread's seeds). */
const LEVEL_SEEDS = 1 << 16;
/** How far one lap of the passes at a level lies from the next (above every level's, 32 at most); seeds repeat after 2,048 laps. */
const LAP_SEEDS = 1 << 21;
/** How far one thread's noise seeds in the best-first rounds lie from the next thread's. */
const THREAD_ROUND_SEEDS = 1 << 24;

/** The ties seed of a restart run: its pass's seed, moved on by its Luby level and its lap round the passes. */
export const restartSeed = (passSeed: number, level: number, lap: number): number => passSeed + level * LEVEL_SEEDS + lap * LAP_SEEDS;

/** The noise seed of best-first pass `pass` (from 0, fewer than ROUND_PASSES) in round `round` (from 1). */
export const roundSeed = (stageSeeds: number, round: number, pass: number): number => stageSeeds + round * ROUND_PASSES + pass + 1;

/** What thread `thread` of `solve --threads` adds to every depth-first ties seed. */
export const threadTies = (thread: number): number => thread * RESTART_SEEDS;

/** What thread `thread` adds to every noise seed of its best-first rounds. */
export const threadRoundSeeds = (thread: number): number => thread * THREAD_ROUND_SEEDS;
