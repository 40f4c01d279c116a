import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { refuseOutputAmongInputs } from '../files.js';
import { dealKey, readResults } from '../sim/csv.js';
import { mergedCsv, readResultSet } from '../sim/merge.js';
import { repairResults, writeOutputFile } from '../sim/results-file.js';
import type { DealRow } from '../sim/types.js';
import { run, warn } from './io.js';

export function mergeCommand(program: Command): void {
  program
    .command('merge')
    .description('one CSV of several result files (the shards of a study, checked as summary checks them), sorted by game and seed')
    .argument('<file...>', 'result CSV files, folders of them, or a pattern such as "dir/x.shard-*.csv"')
    .requiredOption('-o, --out <file>', 'the combined CSV to write (not one of the inputs; - for stdout)')
    .action((args: string[], flags: { out: string }) =>
      run(() => {
        const set = readResultSet(args, warn);
        refuseOutputAmongInputs(
          flags.out,
          set.files.map((f) => f.file),
        );
        if (flags.out === '-') {
          process.stdout.write(mergedCsv(set));
          return;
        }
        refuseUnreadResults(flags.out, set.rows);
        writeOutputFile(flags.out, mergedCsv(set), { results: true }, warn);
        warn(`wrote ${flags.out}: ${set.rows.length} rows from ${set.files.length} file(s)`);
      }),
    );
}

/**
 * Refuses to replace an existing file that holds results rows the merge does not read (another
 * study's, or more of this one's than the inputs hold), as plot and show refuse to write over
 * results: a merge may replace its own earlier output (the same deals or fewer), and any file
 * that is not results. A file that starts as results but cannot be read as them is refused too.
 */
function refuseUnreadResults(out: string, merged: readonly DealRow[]): void {
  if (!statSync(out, { throwIfNoEntry: false })?.isFile() || !startsAsResults(out)) return;
  const key = (row: DealRow): string => `${dealKey(row)}\u0000${row.rules}`;
  const read = new Set(merged.map(key));
  let held: readonly DealRow[] | undefined;
  try {
    held = readResults(out, { dropTornLine: true }).rows;
  } catch {
    held = undefined;
  }
  if (held === undefined || held.some((row) => !read.has(key(row))))
    throw new UsageError(`${out} holds results rows this merge does not read: write to another file, or delete it first`);
}

/** Whether a file's first line is a results header (game, seed and result among its columns). */
function startsAsResults(file: string): boolean {
  const buffer = Buffer.alloc(4096);
  let first: string;
  try {
    const fd = openSync(file, 'r');
    try {
      first = buffer
        .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
        .toString('utf8')
        .split(/\r?\n/)[0]!;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false; // unreadable: writing it says why
  }
  const columns = first
    .replace(/^\ufeff/, '')
    .split(',')
    .map((c) => c.trim());
  return ['game', 'seed', 'result'].every((c) => columns.includes(c));
}

export function repairCommand(program: Command): void {
  program
    .command('repair')
    .description(
      'repair a result CSV that holds a deal more than once: keep the first row of each deal (and drop a torn last line), in place',
    )
    .argument('<file>', 'a result CSV written by winrate')
    .action((file: string) =>
      run(() => {
        if (file === '-') throw new UsageError("repair -: a file is repaired in place, so it needs a name (./- for a file named '-')");
        process.stdout.write(`${repairResults(file, warn)}\n`);
      }),
    );
}
