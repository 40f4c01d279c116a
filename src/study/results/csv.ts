// The results CSV (FORMATS.md "Win-rate rows"): one row a deal, with the settings that made it.
// Rows are written with csv-stringify; reading uses the small RFC 4180 parser below. Columns
// are found by their header name, so files with extra or reordered columns still read.
import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../../errors.js';
import { MAX_SEED } from '../../position/position.js';
import { CONTROL, readTextChunks } from '../../files.js';
import { RULES_HASH_CHARS } from '../../games/read.js';
import { GAME_ID } from '../../notation/ids.js';
import type { DealResult, DealRow } from '../types.js';

export const COLUMNS = [
  'game',
  'seed',
  'player',
  'result',
  'moves',
  'nodes',
  'ms',
  'limit',
  'table_full',
  'time_limit',
  'max_nodes',
  'memory_mb',
  'error',
  'solver',
  'rules',
] as const;

export type CsvRecord = Record<string, string>;

const RESULTS: readonly DealResult[] = ['won', 'lost', 'unknown', 'error'];

export function recordOf(row: DealRow): CsvRecord {
  const n = (x: number | null): string => (x === null ? '' : String(x));
  return {
    game: row.game,
    seed: String(row.seed),
    player: row.player,
    result: row.result,
    moves: n(row.moves),
    nodes: n(row.nodes),
    ms: n(row.ms),
    limit: row.limit,
    table_full: row.tableFull === null ? '' : String(row.tableFull),
    time_limit: String(row.settings.timeLimit),
    max_nodes: String(row.settings.maxNodes),
    memory_mb: String(row.settings.memoryMb),
    error: row.error,
    solver: row.solver,
    rules: row.rules,
  };
}

/** CSV text of the records, in the order of `header`, with or without the header line. */
export function formatCsv(header: readonly string[], records: readonly CsvRecord[], withHeader: boolean): string {
  const lines = records.map((r) => header.map((c) => r[c] ?? ''));
  return stringify(withHeader ? [[...header], ...lines] : lines, { eof: true, record_delimiter: '\n' });
}

/** A record (a line, or several for quoted line breaks) longer than this is not a results row. */
const MAX_RECORD_CHARS = 65536;
/** Results files at most (a million deals of each of the four games is about 450 MB). */
const MAX_CSV_BYTES = 2 ** 30;

/**
 * An RFC 4180 reader fed text piece by piece (quoted fields may hold commas, quotes as "" and
 * line breaks; a byte-order mark at the start is skipped). Each complete record goes to
 * `onRecord` as soon as its line ends; a record longer than MAX_RECORD_CHARS is a one-line error,
 * so a stream of garbage stops within the first 64 KB.
 */
export class CsvReader {
  private row: string[] = [];
  private field = '';
  /** The current record as written (for a torn last line). */
  private raw = '';
  private quoted = false;
  /** Inside a quoted field, the last character was a quote: doubled, or the field's end. */
  private quoteSeen = false;
  private afterCr = false;
  private started = false;
  /** The line the current record starts on, and the line read now. */
  private line = 1;
  private lineNow = 1;

  constructor(
    private readonly file: string,
    private readonly onRecord: (cells: string[], line: number) => void,
  ) {}

  push(text: string): void {
    let s = text;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (c === '\n') continue; // the \n of a \r\n
      }
      this.raw += c;
      if (this.raw.length > MAX_RECORD_CHARS) {
        throw new UsageError(`${this.file}: line ${this.line} is longer than ${MAX_RECORD_CHARS / 1024} KB: not a win-rate CSV`);
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false; // that quote closed the field; this character is read as unquoted
      }
      if (this.quoted) {
        if (c === '"') this.quoteSeen = true;
        else {
          if (c === '\n') this.lineNow++;
          this.field += c;
        }
        continue;
      }
      if (c === '"' && this.field === '') this.quoted = true;
      else if (c === ',') {
        this.row.push(this.field);
        this.field = '';
      } else if (c === '\n' || c === '\r') {
        this.afterCr = c === '\r';
        this.endRecord();
        this.lineNow++;
        this.line = this.lineNow;
      } else this.field += c;
    }
  }

  private endRecord(): void {
    this.row.push(this.field);
    const cells = this.row;
    this.row = [];
    this.field = '';
    this.raw = '';
    if (!(cells.length === 1 && cells[0] === '')) this.onRecord(cells, this.line);
  }

  /**
   * The end of the text. A quoted field still open is an error. A last record without its line
   * break is a record, or with `dropUnfinished` it is left out and its text given back.
   */
  end(dropUnfinished = false): string {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.quoted = false;
    }
    if (this.quoted && !dropUnfinished) throw new UsageError(`${this.file}: line ${this.lineNow}: a quoted field is not closed`);
    if (this.raw === '') return '';
    if (dropUnfinished) return this.raw;
    this.endRecord();
    return '';
  }
}

/** Parses CSV text (RFC 4180) into records. */
export function parseCsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  const reader = new CsvReader(file, (cells) => rows.push(cells));
  reader.push(text);
  reader.end();
  return rows;
}

export interface ResultsFile {
  file: string;
  header: string[];
  records: CsvRecord[];
  rows: DealRow[];
}

/** Checks records as a results file: a header naming at least game, seed and result, then rows. */
class ResultsBuilder {
  readonly results: ResultsFile;
  constructor(file: string) {
    this.results = { file, header: [], records: [], rows: [] };
  }

  add(cells: string[], line: number): void {
    const { results } = this;
    if (results.header.length === 0) {
      results.header = cells.map((h) => h.trim());
      const twice = results.header.find((h, i) => results.header.indexOf(h) !== i);
      if (twice !== undefined) throw new UsageError(`${results.file}: the header names the column '${twice}' twice`);
      for (const need of ['game', 'seed', 'result']) {
        if (!results.header.includes(need)) throw new UsageError(`${results.file}: not a win-rate CSV (no '${need}' column in the header)`);
      }
      return;
    }
    const where = `${results.file}: row ${results.rows.length + 2}`;
    if (cells.length !== results.header.length)
      throw new UsageError(`${where} (line ${line}) has ${cells.length} fields, the header ${results.header.length}`);
    const rec: CsvRecord = {};
    results.header.forEach((h, j) => (rec[h] = cells[j]!));
    const row = rowOf(rec, where);
    results.records.push(rec);
    results.rows.push(row);
  }

  done(): ResultsFile {
    if (this.results.header.length === 0) this.results.header = [...COLUMNS];
    return this.results;
  }
}

/** Reads a results CSV from text: every row checked, a one-line UsageError naming the file and row. */
export function parseResults(text: string, file: string): ResultsFile {
  const builder = new ResultsBuilder(file);
  const reader = new CsvReader(file, (cells, line) => builder.add(cells, line));
  reader.push(text);
  reader.end();
  return builder.done();
}

/** A results file as read for a run that goes on writing it. */
export interface ResultsOnDisk extends ResultsFile {
  /** Bytes read. */
  bytes: number;
  /** A last line without its line break that is not a whole row (a write cut short), left out of the rows; '' if none. */
  torn: string;
  /** Whether the file has a header line (an empty file has none). */
  hasHeader: boolean;
  /** Whether the file ends without a line break after a whole line (the header, or a row kept). */
  unterminated: boolean;
}

/**
 * Reads a results file (or standard input for `-`) piece by piece, checking each row as it comes,
 * so that a file that is not results fails at its first line whatever its size. With
 * `dropTornLine`, a last line without its line break is kept if it is a whole row (every field,
 * every value valid: the write finished but for its line break), and otherwise left out and
 * given back as `torn`; a header alone is always kept.
 */
export function readResults(file: string, opts: { dropTornLine?: boolean } = {}): ResultsOnDisk {
  const builder = new ResultsBuilder(file);
  let lastLine = 1;
  const reader = new CsvReader(file, (cells, line) => builder.add(cells, (lastLine = line)));
  let bytes = 0;
  let endsInBreak = true;
  readTextChunks(file, MAX_CSV_BYTES, (text) => {
    bytes += Buffer.byteLength(text);
    if (text.length > 0) endsInBreak = text.endsWith('\n') || text.endsWith('\r');
    reader.push(text);
  });
  const beforeHeader = builder.results.header.length === 0;
  let torn = reader.end(opts.dropTornLine === true && !beforeHeader);
  if (torn !== '' && wholeRow(builder, torn, lastLine + 1)) torn = '';
  const hasHeader = builder.results.header.length > 0;
  return { ...builder.done(), bytes, torn, hasHeader, unterminated: hasHeader && torn === '' && !endsInBreak };
}

/**
 * Adds `text`, a last line without its line break, to the rows if it is one whole valid row. A
 * write cut short leaves a prefix of a row, which is whole only if its last field is: a field a
 * cut could have shortened to another valid value (a number, a name, a hash) proves nothing, so
 * the line counts as whole only where its last column is one whose values none is a prefix of
 * another: the rules' hash at its full length, the result, or table_full.
 */
function wholeRow(builder: ResultsBuilder, text: string, line: number): boolean {
  const records: string[][] = [];
  try {
    const reader = new CsvReader(builder.results.file, (cells) => records.push(cells));
    reader.push(text);
    reader.end();
  } catch {
    return false; // a quoted field left open
  }
  const header = builder.results.header;
  if (records.length !== 1 || records[0]!.length !== header.length) return false;
  if (!lastFieldWhole(header[header.length - 1]!, records[0]![header.length - 1]!)) return false;
  try {
    builder.add(records[0]!, line);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value`, the last field of a line, cannot be a longer value cut short (see wholeRow). */
function lastFieldWhole(column: string, value: string): boolean {
  if (column === 'rules') return new RegExp(`^[0-9a-f]{${RULES_HASH_CHARS}}$`).test(value);
  if (column === 'result') return (RESULTS as readonly string[]).includes(value);
  if (column === 'table_full') return value === 'true' || value === 'false';
  return false;
}

/** Longest `solver` value read (a version and a commit id are far shorter). */
const MAX_SOLVER_CHARS = 100;

/** A checked row from a record; `where` names the file and row in errors. */
function rowOf(rec: CsvRecord, where: string): DealRow {
  const game = rec.game ?? '';
  if (!GAME_ID.test(game))
    throw new UsageError(`${where}: bad game '${game.slice(0, 60)}' (an id: lower-case words joined by -, GAME or GAME:VARIANT)`);
  const seedText = rec.seed ?? '';
  if (!/^\d+$/.test(seedText) || Number(seedText) > MAX_SEED) throw new UsageError(`${where}: bad seed '${seedText}'`);
  const result = rec.result as DealResult;
  if (!RESULTS.includes(result)) throw new UsageError(`${where}: bad result '${rec.result ?? ''}' (won, lost, unknown or error)`);
  // Counts are whole numbers, times decimals, both written as the tool writes them (no 0x10, no 1e3).
  const num = (name: string, fallback: number | null, whole = true): number | null => {
    const t = (rec[name] ?? '').trim();
    if (t === '') return fallback;
    const x = Number(t);
    if (!(whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(t) || !Number.isFinite(x))
      throw new UsageError(`${where}: bad ${name} '${t}' (${whole ? 'a whole number' : 'a number such as 12.5'})`);
    return x;
  };
  const player = (rec.player ?? '').trim() || 'thoughtful';
  if (CONTROL.test(player)) throw new UsageError(`${where}: the player ${JSON.stringify(player)} holds a control character`);
  const solver = (rec.solver ?? '').trim();
  if (CONTROL.test(solver) || solver.length > MAX_SOLVER_CHARS)
    throw new UsageError(`${where}: bad solver ${JSON.stringify(solver.slice(0, 40))} (a version such as 0.1.0+3a1c666)`);
  const rules = (rec.rules ?? '').trim();
  if (!/^[0-9a-f]{0,64}$/.test(rules))
    throw new UsageError(`${where}: bad rules ${JSON.stringify(rules.slice(0, 40))} (a short hash such as 3fa2c81b09de)`);
  const tf = (rec.table_full ?? '').trim();
  if (!['', 'true', 'false', '1', '0'].includes(tf)) throw new UsageError(`${where}: bad table_full '${tf}' (true or false)`);
  return {
    game,
    seed: Number(seedText),
    player,
    result,
    moves: num('moves', null),
    nodes: num('nodes', null),
    ms: num('ms', null, false),
    limit: rec.limit ?? '',
    tableFull: tf === '' ? null : tf === 'true' || tf === '1',
    settings: {
      timeLimit: num('time_limit', 0, false) ?? 0,
      maxNodes: num('max_nodes', 0) ?? 0,
      memoryMb: num('memory_mb', 0) ?? 0,
    },
    error: rec.error ?? '',
    solver,
    rules,
  };
}

/** The key of a deal within results: one row per game, player and seed. */
export function dealKey(row: { game: string; player: string; seed: number }): string {
  return `${row.game}\u0000${row.player}\u0000${row.seed}`;
}
