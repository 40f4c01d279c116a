// A results file as a run uses it: locked for the run (src/study/results/lock.ts), read and checked (no
// deal twice; a torn last line, a write cut short, left out), then written by one of two sinks:
// - append: a row added at the end as each deal finishes, one write each, so a run that stops or
//   dies keeps every row it finished;
// - replace: a row replaced in place as each deal finishes, the file rewritten atomically (a
//   temporary file renamed over it, keeping its mode), for rerunning undecided deals.
// A path that is not a regular file (a device such as /dev/null, a pipe) is written to, not
// read or locked: nothing can be resumed from it.
import { closeSync, ftruncateSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { fileError, replaceFile } from '../../files.js';
import { COLUMNS, dealKey, formatCsv, readResults, recordOf, type ResultsOnDisk } from './csv.js';
import { lockFile, type Lock } from './lock.js';
import type { DealRow } from '../types.js';

export interface Sink {
  /** Called once before the first deal is played, so that a file that cannot be written fails before any work. */
  begin(): void;
  /** Writes a finished deal's row; a one-line UsageError naming the file if the write fails. */
  write(row: DealRow): void;
}

export interface OpenResults {
  file: string;
  /** What the file holds now (no rows for a file that is not a regular file). */
  results: ResultsOnDisk;
  readonly sink: Sink;
  /** Releases the lock and closes the file. */
  close(): void;
}

const isRegular = (file: string): boolean | undefined => {
  try {
    return statSync(file).isFile();
  } catch {
    return undefined; // does not exist
  }
};

const empty = (file: string): ResultsOnDisk => ({
  file,
  header: [...COLUMNS],
  records: [],
  rows: [],
  bytes: 0,
  torn: '',
  hasHeader: false,
  unterminated: false,
});

/** Reads a locked results file for a run: checked, no deal twice. */
function readForRun(file: string, warn: (m: string) => void): ResultsOnDisk {
  const results = readResults(file, { dropTornLine: true });
  if (results.torn !== '')
    warn(`${file}: dropped an incomplete last line (a write cut short): ${JSON.stringify(results.torn.slice(0, 60))}`);
  const seen = new Set<string>();
  for (const row of results.rows) {
    const key = dealKey(row);
    if (seen.has(key))
      throw new UsageError(
        `${file}: ${row.game} seed ${row.seed} (player ${row.player}) appears twice: \`patience repair ${file}\` keeps the first row of each deal`,
      );
    seen.add(key);
  }
  return results;
}

/**
 * What a run demands of the rows it would resume (the rules they were made under): called once the
 * file is read and before anything is written to it, so that a file refused is left as it was.
 */
export type VetRows = (results: ResultsOnDisk) => void;

/** Opens `file` for a run that adds rows at its end (created if missing). */
export function openForAppend(file: string, warn: (m: string) => void, vet: VetRows = () => {}): OpenResults {
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (e) {
    throw fileError('write', file, e);
  }
  let lock: Lock | undefined;
  const close = (): void => {
    lock?.release();
    closeSync(fd);
  };
  try {
    const write = (text: string): void => {
      try {
        writeSync(fd, text);
      } catch (e) {
        throw fileError('write', file, e);
      }
    };
    let results = empty(file);
    if (isRegular(file)) {
      lock = lockFile(file, warn);
      results = readForRun(file, warn);
      vet(results);
      // Rows are appended under the file's own header: one that lacks a column (a file of an older
      // format) is first rewritten with it, its rows' cells left empty.
      const missing = results.hasHeader ? COLUMNS.filter((c) => !results.header.includes(c)) : [];
      if (missing.length) {
        results.header = [...results.header, ...missing];
        replaceFile(file, formatCsv(results.header, results.records, true));
        const rewritten = openSync(file, 'a');
        closeSync(fd);
        fd = rewritten;
      } else if (results.torn !== '') {
        try {
          ftruncateSync(fd, results.bytes - Buffer.byteLength(results.torn));
        } catch (e) {
          throw fileError('write', file, e);
        }
      } else if (results.unterminated) write('\n');
    }
    if (!results.hasHeader) write(formatCsv(COLUMNS, [], true));
    const header = results.header;
    return { file, results, close, sink: { begin: () => {}, write: (row) => write(formatCsv(header, [recordOf(row)], false)) } };
  } catch (e) {
    close();
    throw e;
  }
}

/** Opens an existing `file` for a run that replaces some of its rows in place. */
export function openForReplace(file: string, warn: (m: string) => void, vet: VetRows = () => {}): OpenResults {
  const regular = isRegular(file);
  if (regular === undefined) throw fileError('read', file, Object.assign(new Error('no such file'), { code: 'ENOENT' }));
  if (!regular) throw new UsageError(`${file} is not a regular file: its rows cannot be replaced`);
  const lock = lockFile(file, warn);
  try {
    const results = readForRun(file, warn);
    vet(results);
    const header = [...results.header, ...COLUMNS.filter((c) => !results.header.includes(c))];
    const index = new Map(results.rows.map((r, i) => [dealKey(r), i] as const));
    const rewrite = (): void => replaceFile(file, formatCsv(header, results.records, true));
    const sink: Sink = {
      begin: rewrite,
      write(row) {
        const i = index.get(dealKey(row));
        if (i === undefined) throw new Error(`${file}: no row to replace for ${row.game} seed ${row.seed}`);
        const before = results.records[i]!;
        results.records[i] = recordOf(row);
        try {
          rewrite();
        } catch (e) {
          results.records[i] = before;
          throw e;
        }
        results.rows[i] = row;
      },
    };
    return { file, results, sink, close: () => lock.release() };
  } catch (e) {
    lock.release();
    throw e;
  }
}

/**
 * Repairs a results file that holds a deal more than once (two runs that wrote one file
 * unlocked, or files joined by hand): keeps the first row of each deal, drops the others and a torn last line,
 * and rewrites the file in place. Returns what it did, in a line.
 */
export function repairResults(file: string, warn: (m: string) => void): string {
  if (isRegular(file) !== true) throw new UsageError(`${file} is not a regular file`);
  const lock = lockFile(file, warn);
  try {
    const results = readResults(file, { dropTornLine: true });
    const first = new Map<string, number>();
    const keep: number[] = [];
    let differ = 0;
    results.rows.forEach((row, i) => {
      const k = first.get(dealKey(row));
      if (k === undefined) {
        first.set(dealKey(row), i);
        keep.push(i);
      } else if (results.rows[k]!.result !== row.result) differ++;
    });
    const dropped = results.rows.length - keep.length;
    const torn = results.torn !== '' ? ' and an incomplete last line' : '';
    if (dropped === 0 && torn === '') return `${file}: nothing to repair (${results.rows.length} rows, every deal once)`;
    replaceFile(
      file,
      formatCsv(
        results.header,
        keep.map((i) => results.records[i]!),
        true,
      ),
    );
    const note = differ ? ` (${differ} of them with another result than the row kept)` : '';
    return `${file}: kept ${keep.length} rows, dropped ${dropped} repeated row(s)${note}${torn}`;
  } finally {
    lock.release();
  }
}

/**
 * Writes the output file of a command that makes one (merge, plot, show), atomically: never while
 * a run holds the file (its rows would go on into a file no longer there), and, unless the output
 * is itself results (`results`), never over a file that holds results rows.
 */
export function writeOutputFile(file: string, text: string, opts: { results: boolean }, warn: (m: string) => void): void {
  const regular = isRegular(file);
  if (regular === false) {
    replaceFile(file, text); // a device or a pipe: written in place
    return;
  }
  if (regular && !opts.results && holdsResults(file)) throw new UsageError(`${file} holds results rows: write the output to another file`);
  const lock = lockFile(file, warn);
  try {
    replaceFile(file, text);
  } finally {
    lock.release();
  }
}

/** Whether a file begins with a results header (game, seed and result among its first line's columns). */
export function holdsResults(file: string): boolean {
  let first = '';
  try {
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(4096);
      first = buffer
        .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
        .toString('utf8')
        .split(/\r?\n/)[0]!;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  const columns = first
    .replace(/^\ufeff/, '')
    .split(',')
    .map((c) => c.trim());
  return ['game', 'seed', 'result'].every((c) => columns.includes(c));
}
