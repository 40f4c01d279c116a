// The results CSV (FORMATS.md "Win-rate rows"): one row a deal, with the settings that made it.
// Rows are written with csv-stringify; reading uses the small RFC 4180 parser below. Columns
// are found by their header name, so files with extra or reordered columns still read.
import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../errors.js';
import { GAMES, type GameId } from '../games/index.js';
import { MAX_SEED } from '../deal.js';
import type { DealResult, DealRow } from './types.js';

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
  };
}

/** CSV text of the records, in the order of `header`, with or without the header line. */
export function formatCsv(header: readonly string[], records: readonly CsvRecord[], withHeader: boolean): string {
  const lines = records.map((r) => header.map((c) => r[c] ?? ''));
  return stringify(withHeader ? [[...header], ...lines] : lines, { eof: true, record_delimiter: '\n' });
}

/** Parses CSV text (RFC 4180: quoted fields may hold commas, quotes as "" and line breaks). */
export function parseCsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let line = 1;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < s.length) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line++;
    } else field += c;
    i++;
  }
  if (quoted) throw new UsageError(`${file}: line ${line}: a quoted field is not closed`);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

export interface ResultsFile {
  file: string;
  header: string[];
  records: CsvRecord[];
  rows: DealRow[];
}

/** Reads a results CSV: every row checked, a one-line UsageError naming the file and line. */
export function parseResults(text: string, file: string): ResultsFile {
  const table = parseCsv(text, file);
  if (table.length === 0) return { file, header: [...COLUMNS], records: [], rows: [] };
  const header = table[0]!.map((h) => h.trim());
  for (const need of ['game', 'seed', 'result']) {
    if (!header.includes(need)) throw new UsageError(`${file}: not a win-rate CSV (no '${need}' column in the header)`);
  }
  const records: CsvRecord[] = [];
  const rows: DealRow[] = [];
  table.slice(1).forEach((cells, k) => {
    if (cells.length !== header.length) {
      throw new UsageError(`${file}: row ${k + 2} has ${cells.length} fields, the header ${header.length}`);
    }
    const rec: CsvRecord = {};
    header.forEach((h, j) => (rec[h] = cells[j]!));
    records.push(rec);
    rows.push(rowOf(rec, `${file}: row ${k + 2}`));
  });
  return { file, header, records, rows };
}

/** A checked row from a record; `where` names the file and row in errors. */
export function rowOf(rec: CsvRecord, where: string): DealRow {
  const game = rec.game ?? '';
  if (!GAMES.some((g) => g.id === game)) throw new UsageError(`${where}: unknown game '${game}'`);
  const seedText = rec.seed ?? '';
  if (!/^\d+$/.test(seedText) || Number(seedText) > MAX_SEED) throw new UsageError(`${where}: bad seed '${seedText}'`);
  const result = rec.result as DealResult;
  if (!RESULTS.includes(result)) throw new UsageError(`${where}: bad result '${rec.result ?? ''}' (won, lost, unknown or error)`);
  const num = (name: string, fallback: number | null): number | null => {
    const t = (rec[name] ?? '').trim();
    if (t === '') return fallback;
    const x = Number(t);
    if (!Number.isFinite(x) || x < 0) throw new UsageError(`${where}: bad ${name} '${t}'`);
    return x;
  };
  const tf = (rec.table_full ?? '').trim();
  return {
    game: game as GameId,
    seed: Number(seedText),
    player: (rec.player ?? '').trim() || 'thoughtful',
    result,
    moves: num('moves', null),
    nodes: num('nodes', null),
    ms: num('ms', null),
    limit: rec.limit ?? '',
    tableFull: tf === '' ? null : tf === 'true' || tf === '1',
    settings: {
      timeLimit: num('time_limit', 0) ?? 0,
      maxNodes: num('max_nodes', 0) ?? 0,
      memoryMb: num('memory_mb', 0) ?? 0,
    },
    error: rec.error ?? '',
  };
}

/** The key of a deal within results: one row per game, player and seed. */
export function dealKey(row: { game: string; player: string; seed: number }): string {
  return `${row.game}\u0000${row.player}\u0000${row.seed}`;
}
