// Reading several results files as one: folders and globs expanded, a deal (game, player, seed,
// rules) at most once over all of them, and the files of a sharded study (NAME.shard-I-of-N.csv,
// src/study/results/shard.ts) checked to add up to one run: every shard there, every seed in its own shard,
// the same players in every shard, one set of limits for the deals left undecided, and no seed
// missing inside the range. Each fault is a one-line UsageError naming the file. Also the
// combined CSV of such a set, sorted by game and seed.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../errors.js';
import { identity } from '../../files.js';
import { gameOrder } from '../../games/index.js';
import { sameSettings, settingsCover } from '../../solve/settings.js';
import { COLUMNS, dealKey, formatCsv, readResults, type ResultsFile } from './csv.js';
import { shardOfFile, type Shard } from './shard.js';
import { holdsResults } from './results-file.js';
import { settingsText } from '../report/summary.js';
import type { DealRow } from '../types.js';

/**
 * The files an argument names: a folder stands for the .csv files in it, a name with * or ? in
 * its last part for the files that match (for engines and scripts that pass a pattern unexpanded);
 * anything else for itself. Sorted, numbers in names in numeric order.
 */
export function expandInputs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg === '-') {
      out.push(arg);
      continue;
    }
    let isDir = false;
    try {
      isDir = statSync(arg).isDirectory();
    } catch {
      // not there: a pattern, or a file whose read will say it is missing
    }
    if (isDir) {
      const found = listDir(arg).filter((f) => /\.csv$/i.test(f));
      if (found.length === 0) throw new UsageError(`${arg}: a folder with no .csv files`);
      out.push(...found.map((f) => join(arg, f)));
    } else if (/[*?]/.test(basename(arg)) && !/[*?]/.test(dirname(arg))) {
      const pattern = new RegExp(
        `^${basename(arg)
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      );
      const found = listDir(dirname(arg)).filter((f) => pattern.test(f));
      if (found.length === 0) throw new UsageError(`no file matches '${arg}'`);
      out.push(...found.map((f) => (dirname(arg) === '.' && !arg.startsWith('./') ? f : join(dirname(arg), f))));
    } else out.push(arg);
  }
  return out;
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort(naturalOrder);
  } catch (e) {
    throw new UsageError(`cannot read the folder '${dir}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

const naturalOrder = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

export interface ResultSet {
  files: ResultsFile[];
  rows: DealRow[];
}

/**
 * Reads and checks the results files the arguments name (see the file comment). A torn last
 * line (a write cut short, or a run still writing) is left out, with a warning.
 */
export function readResultSet(args: readonly string[], warn: (message: string) => void = () => {}): ResultSet {
  const names = expandInputs(args);
  const given = new Map<string, string>();
  for (const name of names) {
    const id = name === '-' ? undefined : identity(name);
    if (id === undefined) continue;
    const before = given.get(id);
    if (before !== undefined)
      throw new UsageError(`${name} is given twice${before === name ? '' : ` (also as ${before})`}: name each file once`);
    given.set(id, name);
  }
  const seen = new Map<string, string>();
  const files: ResultsFile[] = [];
  const rows: DealRow[] = [];
  for (const file of names) {
    const results = readResults(file, { dropTornLine: true });
    if (results.torn !== '') warn(`${file}: left out an incomplete last line: ${JSON.stringify(results.torn.slice(0, 60))}`);
    for (const row of results.rows) {
      // The same deal under other rules is another deal: a summary gives it a line of its own.
      const key = `${dealKey(row)}\u0000${row.rules}`;
      const before = seen.get(key);
      if (before !== undefined) {
        const where = before === file ? ' in this file' : `: also in ${before}`;
        throw new UsageError(
          `${file}: ${row.game} seed ${row.seed} (player ${row.player}) appears twice${where}${before === file ? ` (\`patience repair ${file}\` keeps the first row of each deal)` : ''}`,
        );
      }
      seen.set(key, file);
      rows.push(row);
    }
    files.push(results);
  }
  checkShards(files);
  return { files, rows };
}

interface ShardFile {
  results: ResultsFile;
  shard: Shard;
  width: number;
}

function checkShards(files: readonly ResultsFile[]): void {
  const studies = new Map<string, ShardFile[]>();
  for (const results of files) {
    const named = shardOfFile(results.file);
    if (!named) continue;
    let group = studies.get(named.study);
    if (!group) studies.set(named.study, (group = []));
    group.push({ results, shard: named.shard, width: named.width });
  }
  for (const [study, group] of studies) checkStudy(study, group);
}

function checkStudy(study: string, group: ShardFile[]): void {
  const first = group[0]!;
  const count = first.shard.count;
  const other = group.find((g) => g.shard.count !== count);
  if (other)
    throw new UsageError(
      `${other.results.file} is a shard of ${other.shard.count}, ${first.results.file} of ${count}: one study's shards must be of one split`,
    );
  const have = new Set(group.map((g) => g.shard.index));
  for (let i = 0; i < count; i++) {
    if (!have.has(i)) {
      // The last shard tag is the one that names the shard (the study's own name may hold one).
      const name = first.results.file.replace(
        /\.shard-[0-9]+-of-(?=[0-9]+(\.csv)?$)/i,
        `.shard-${String(i).padStart(first.width, '0')}-of-`,
      );
      throw new UsageError(`shard ${i} of ${count} of ${study} is missing: no ${name} among the files`);
    }
  }
  for (const { results, shard } of group) {
    const stray = results.rows.find((r) => r.seed % count !== shard.index);
    if (stray)
      throw new UsageError(
        `${results.file}: ${stray.game} seed ${stray.seed} is not in shard ${shard.index} of ${count} (${stray.seed} mod ${count} = ${stray.seed % count})`,
      );
  }

  // The same players in every shard that has deals of a game.
  for (const game of new Set(group.flatMap((g) => g.results.rows.map((r) => r.game)))) {
    const players = group
      .map((g) => ({
        file: g.results.file,
        players: [...new Set(g.results.rows.filter((r) => r.game === game).map((r) => r.player))].sort(),
      }))
      .filter((p) => p.players.length > 0);
    const differ = players.find((p) => p.players.join() !== players[0]!.players.join());
    if (differ) {
      throw new UsageError(
        `shards made with different players: ${players[0]!.file} has ${game} by ${players[0]!.players.join(', ')}, ${differ.file} by ${differ.players.join(', ')}`,
      );
    }
  }

  const byDeal = new Map<string, { row: DealRow; file: string }[]>();
  for (const { results } of group) {
    for (const row of results.rows) {
      const key = `${row.game} (player ${row.player})`;
      let list = byDeal.get(key);
      if (!list) byDeal.set(key, (list = []));
      list.push({ row, file: results.file });
    }
  }
  for (const [what, list] of byDeal) {
    checkLimits(what, list);
    checkNoGap(what, list, count, group);
  }
}

/**
 * Limits matter only where a deal stayed undecided: all undecided deals of a game and player
 * must have been played with the same limits, and no deal decided with larger ones (a shard
 * rerun with larger limits while another was not).
 */
function checkLimits(what: string, list: { row: DealRow; file: string }[]): void {
  const undecided = list.filter(({ row }) => row.result === 'unknown' || row.result === 'error');
  if (undecided.length === 0) return;
  const cap = undecided[0]!;
  const odd = undecided.find(({ row }) => !sameSettings(row.settings, cap.row.settings));
  const larger = odd ?? list.find(({ row }) => !settingsCover(cap.row.settings, row.settings));
  if (larger) {
    throw new UsageError(
      `shards made with different limits: ${what} seed ${cap.row.seed} in ${cap.file} is ${cap.row.result} at ${settingsText(cap.row.settings)}, seed ${larger.row.seed} in ${larger.file} ${larger.row.result} at ${settingsText(larger.row.settings)}: play every shard with the same limits (--rerun-unknown on each)`,
    );
  }
}

/** Every seed between the least and the greatest of the study, in the shard it belongs to. */
function checkNoGap(what: string, list: { row: DealRow }[], count: number, group: ShardFile[]): void {
  const seeds = new Set(list.map(({ row }) => row.seed));
  const sorted = [...seeds].sort((a, b) => a - b);
  const lo = sorted[0]!;
  const hi = sorted[sorted.length - 1]!;
  if (hi - lo + 1 === seeds.size) return;
  for (let s = lo; s <= hi; s++) {
    if (seeds.has(s)) continue;
    const owner = group.find((g) => g.shard.index === s % count)!;
    throw new UsageError(
      `${owner.results.file} lacks ${what} seed ${s} (the study holds seeds ${lo}..${hi}): was its run stopped? the same command resumes it`,
    );
  }
}

/** One CSV of all the rows: the usual columns then any others, sorted by game (in the tool's order), player and seed. */
export function mergedCsv(set: ResultSet): string {
  // One results file holds one rule set a game (resuming and repair key a deal without its rules).
  const rulesOf = new Map<string, string>();
  for (const row of set.rows) {
    const before = rulesOf.get(row.game) ?? row.rules;
    if (before !== row.rules)
      throw new UsageError(
        `${row.game} rows under two rule sets (rules ${before || 'not recorded'} and ${row.rules || 'not recorded'}): merge each into a file of its own`,
      );
    rulesOf.set(row.game, row.rules);
  }
  const header: string[] = [...COLUMNS];
  for (const f of set.files) for (const h of f.header) if (!header.includes(h)) header.push(h);
  const entries = set.files.flatMap((f) => f.rows.map((row, i) => ({ row, record: f.records[i]! })));
  entries.sort(
    (a, b) => gameOrder(a.row.game) - gameOrder(b.row.game) || a.row.player.localeCompare(b.row.player) || a.row.seed - b.row.seed,
  );
  return formatCsv(
    header,
    entries.map((e) => e.record),
    true,
  );
}

/**
 * Refuses to replace an existing file that holds results rows the merge does not read (another
 * study's, or more of this one's than the inputs hold), as plot and show refuse to write over
 * results: a merge may replace its own earlier output (the same deals or fewer), and any file
 * that is not results. A file that starts as results but cannot be read as them is refused too.
 */
export function refuseUnreadResults(out: string, merged: readonly DealRow[]): void {
  if (!statSync(out, { throwIfNoEntry: false })?.isFile() || !holdsResults(out)) return;
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
