// The summary of win-rate rows, per game and player: counts, the win rate with a 95 % Wilson
// interval, and the time a deal took. An undecided deal (unknown, or error) is counted once as
// lost and once as won: the interval runs from the Wilson lower bound of won/n to the Wilson
// upper bound of (won + undecided)/n, so it spans both readings (as Blake & Gent report the
// win rates of Solvitaire). Errors are counted apart from unknowns but are undecided alike.
import { builtInRulesHash, gameOrder, statedRate } from '../../games/index.js';
import { sameSettings, type SolveSettings } from '../../solve/settings.js';
import { median, percentile, roundTenth, wilson } from './stats.js';
import type { DealRow } from '../types.js';

/** What a summary may split a game's rows by, besides the player. */
export const SPLITS = ['solver'] as const;
export type Split = (typeof SPLITS)[number];

/** The `solver` of rows whose file did not record it. */
const UNRECORDED = 'not recorded';

export interface GameSummary {
  game: string;
  /**
   * The game as tables name it: its id, with the rules' hash where the rows were made under rules
   * other than the built-in game's, or where another line has the same game under other rules.
   */
  label: string;
  player: string;
  /** The rules' short hash (empty where the rows do not record it). */
  rules: string;
  /** With a split by solver: the version that made these rows. */
  solver?: string;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  errors: number;
  /** won/n (every undecided deal lost) and (won + undecided)/n (every undecided deal won). */
  winRate: { low: number; high: number };
  /** 95 % Wilson interval spanning both readings. */
  interval: { lo: number; hi: number };
  /**
   * Per deal, over the deals that were played (not errors); null if none. `total` is the sum
   * (the core-milliseconds of a one-worker study), `slowest` the ten slowest deals decided (won
   * or lost), slowest first: an unknown deal took the limit.
   */
  ms: { median: number | null; p95: number | null; total: number; slowest: { seed: number; ms: number; result: string }[] };
  /** The win rate stated for the game, a fraction; null where none is stated or the rows are of other rules. */
  stated: number | null;
  /** The distinct solver settings of the rows. */
  settings: SolveSettings[];
}

export function summarize(rows: readonly DealRow[], by?: Split): GameSummary[] {
  const groups = new Map<string, DealRow[]>();
  for (const r of rows) {
    // Rows of one game under other rules never share a line.
    const key = `${r.game}\u0000${r.rules}\u0000${r.player}${by ? `\u0000${r.solver}` : ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  const summaries = [...groups.values()]
    .map((group) => ({ ...summarizeGroup(group), ...(by ? { solver: group[0]!.solver || UNRECORDED } : {}) }))
    .sort(
      (a, b) =>
        gameOrder(a.game) - gameOrder(b.game) ||
        a.game.localeCompare(b.game) ||
        a.player.localeCompare(b.player) ||
        (a.solver ?? '').localeCompare(b.solver ?? ''),
    );
  for (const s of summaries) {
    if (otherRules(s)) {
      // Not the rules of the game's page: named by its hash, and the page's figure is not its own.
      s.label = `${s.game} (rules ${s.rules})`;
      s.stated = null;
    } else if (summaries.some((t) => t.game === s.game && t.rules !== s.rules)) s.label = `${s.game} (rules ${s.rules || 'not recorded'})`;
  }
  return summaries;
}

/**
 * Whether a line's rows were made under rules other than the built-in game's of their id (a
 * `--rule` change, an edited rules file, a game of one's own). Rows that record no rules were
 * written before rows recorded them, by the built-in rules of their day.
 */
const otherRules = (s: GameSummary): boolean => s.rules !== '' && s.rules !== builtInRulesHash(s.game);

function summarizeGroup(rows: DealRow[]): GameSummary {
  const first = rows[0]!;
  const count = (result: string): number => rows.filter((r) => r.result === result).length;
  const n = rows.length;
  const won = count('won');
  const lost = count('lost');
  const unknown = count('unknown');
  const errors = count('error');
  const lo = wilson(won, n).lo;
  const hi = wilson(won + unknown + errors, n).hi;
  const timed = rows.filter((r) => r.result !== 'error' && r.ms !== null);
  const times = timed.map((r) => r.ms!);
  const slowest = timed
    .filter((r) => r.result === 'won' || r.result === 'lost')
    .sort((a, b) => b.ms! - a.ms! || a.seed - b.seed)
    .slice(0, 10)
    .map((r) => ({ seed: r.seed, ms: r.ms!, result: r.result }));
  const settings: SolveSettings[] = [];
  for (const r of rows) {
    const s = r.settings;
    if (!settings.some((t) => sameSettings(t, s))) settings.push({ timeLimit: s.timeLimit, maxNodes: s.maxNodes, memoryMb: s.memoryMb });
  }
  return {
    game: first.game,
    label: first.game,
    rules: first.rules,
    player: first.player,
    deals: n,
    won,
    lost,
    unknown,
    errors,
    winRate: { low: n ? won / n : 0, high: n ? (won + unknown + errors) / n : 1 },
    interval: { lo, hi },
    ms: {
      median: times.length ? roundTenth(median(times)) : null,
      p95: times.length ? roundTenth(percentile(times, 0.95)) : null,
      total: roundTenth(times.reduce((a, b) => a + b, 0)),
      slowest,
    },
    stated: statedRate(first.game),
    settings,
  };
}

/**
 * A share as a percentage to a tenth; with more decimals where a tenth would round a share that
 * is not 0 or 1 to 0.0 or 100.0 (10,000 won of 10,000 has a Wilson low end of 99.96 %, not 100.0).
 */
export function percent(x: number): string {
  for (let digits = 1; ; digits++) {
    const text = (x * 100).toFixed(digits);
    if (digits === 6 || !((x < 1 && Number(text) === 100) || (x > 0 && Number(text) === 0))) return text;
  }
}

/** The win rate as a percentage, a range where deals are undecided: won/n to (won + undecided)/n. */
export function rateText(rate: GameSummary['winRate']): string {
  return rate.low === rate.high ? percent(rate.low) : `${percent(rate.low)}-${percent(rate.high)}`;
}

export function statedText(stated: number | null): string {
  return stated === null ? 'not stated' : `${+(stated * 100).toFixed(1)} %`;
}

export function settingsText(s: SolveSettings): string {
  return `time limit ${s.timeLimit ? `${s.timeLimit} s` : 'none'}, max nodes ${s.maxNodes || 'none'}, memory ${s.memoryMb} MB`;
}

/** The summary as a text table, one line a game and player, with a note on the settings. */
export function formatSummary(summaries: readonly GameSummary[]): string {
  if (summaries.length === 0) return 'no deals\n';
  const bySolver = summaries.some((s) => s.solver !== undefined);
  const head = [
    'game',
    'player',
    ...(bySolver ? ['solver'] : []),
    'deals',
    'won',
    'lost',
    'unknown',
    'errors',
    'win %',
    '95 % interval',
    'median ms',
    'p95 ms',
    'stated',
  ];
  const right = [false, false, ...(bySolver ? [false] : []), true, true, true, true, true, true, false, true, true, false];
  const body = summaries.map((s) => [
    s.label,
    s.player,
    ...(bySolver ? [s.solver ?? UNRECORDED] : []),
    String(s.deals),
    String(s.won),
    String(s.lost),
    String(s.unknown),
    String(s.errors),
    rateText(s.winRate),
    `[${percent(s.interval.lo)}, ${percent(s.interval.hi)}]`,
    s.ms.median === null ? '-' : s.ms.median.toFixed(1),
    s.ms.p95 === null ? '-' : s.ms.p95.toFixed(1),
    statedText(s.stated),
  ]);
  const out = [formatTable(head, body, right)];
  const allSettings = summaries.flatMap((s) => s.settings);
  const distinct = allSettings.filter((s, i) => allSettings.findIndex((t) => settingsText(t) === settingsText(s)) === i);
  if (distinct.length === 1) out.push(`settings: ${settingsText(distinct[0]!)}`);
  else
    for (const s of summaries)
      out.push(`settings of ${s.label} (${s.player}${s.solver ? `, ${s.solver}` : ''}): ${s.settings.map(settingsText).join('; ')}`);
  if (summaries.some((s) => s.unknown + s.errors > 0)) {
    out.push('win % from won/deals to (won+unknown+errors)/deals; the interval spans both (95 % Wilson)');
  }
  return `${out.join('\n')}\n`;
}

/**
 * A text table: each column as wide as its widest cell, two spaces between columns, a cell
 * padded on the left where `right` says so for its column, else on the right; no final newline.
 */
export function formatTable(head: readonly string[], body: readonly string[][], right: readonly boolean[] = []): string {
  const widths = head.map((h, j) => Math.max(h.length, ...body.map((cells) => cells[j]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, j) => (right[j] ? c.padStart(widths[j]!) : c.padEnd(widths[j]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...body.map(line)].join('\n');
}

/** Per game and player: deals timed, median, p95, core-seconds in all, and the ten slowest deals decided (seed: ms, result). */
export function formatTimes(summaries: readonly GameSummary[]): string {
  const lines = summaries.map((s) => {
    const timed = s.deals - s.errors;
    const head = `${s.label} (${s.player}${s.solver ? `, ${s.solver}` : ''}): ${timed} deals timed`;
    if (s.ms.median === null) return head;
    const slow = s.ms.slowest.map((d) => `${d.seed} ${d.ms.toFixed(0)} ms ${d.result}`).join(', ');
    const undecided = s.unknown ? `, ${s.unknown} unknown` : '';
    return `${head}${undecided}, median ${s.ms.median.toFixed(1)} ms, p95 ${s.ms.p95!.toFixed(1)} ms, ${(s.ms.total / 1000).toFixed(1)} core-seconds in all; slowest decided: ${slow || 'none'}`;
  });
  return `${lines.join('\n')}\n`;
}
