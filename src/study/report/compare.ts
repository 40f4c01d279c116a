// The comparison that matters: per game, what can be won with every card known (thoughtful),
// what the players that see only what a person sees win, and the figure stated on the game's
// page (a player's figure), each with its 95 % interval, one line a game.
import { formatTable, percent, rateText, statedText, summarize, type GameSummary } from './summary.js';
import type { DealRow } from '../types.js';

export interface Comparison {
  /** The player labels, a column each: thoughtful first, then the others as found. */
  players: string[];
  games: { game: string; stated: number | null; byPlayer: Record<string, GameSummary | undefined> }[];
}

export function compare(rows: readonly DealRow[]): Comparison {
  const summaries = summarize(rows);
  const labels = [...new Set(summaries.map((s) => s.player))];
  const players = [...labels.filter((p) => p === 'thoughtful'), ...labels.filter((p) => p !== 'thoughtful')];
  // Summaries come in the tool's game order; a game read under two rule sets gets a line each.
  const lines = [...new Set(summaries.map((s) => s.label))];
  const games = lines.map((label) => {
    const mine = summaries.filter((s) => s.label === label);
    return {
      game: label,
      stated: mine[0]!.stated,
      byPlayer: Object.fromEntries(players.map((p) => [p, mine.find((s) => s.player === p)])),
    };
  });
  return { players, games };
}

/** A cell: the rate (a range where deals are undecided), its interval and the deals. */
function cell(s: GameSummary | undefined): string {
  if (!s) return '-';
  return `${rateText(s.winRate)} % [${percent(s.interval.lo)}, ${percent(s.interval.hi)}] n=${s.deals}`;
}

/** The comparison as a text table; `footer` lines go under it. */
export function formatComparison(c: Comparison, footer: readonly string[] = []): string {
  if (c.games.length === 0) return 'no deals\n';
  const head = [
    'game',
    ...c.players.map((p) => (p === 'thoughtful' ? 'thoughtful (all cards known)' : `${p} (sees what a person sees)`)),
    'stated',
  ];
  const body = c.games.map((g) => [g.game, ...c.players.map((p) => cell(g.byPlayer[p])), statedText(g.stated)]);
  const notes = ['win % with its 95 % Wilson interval; an undecided deal counts once as lost and once as won'];
  return `${[formatTable(head, body), ...notes, ...footer].join('\n')}\n`;
}

/** The comparison as a Markdown table (README and results/), one line a game. */
export function comparisonMarkdown(c: Comparison): string {
  const head = ['game', ...c.players, 'stated'];
  const body = c.games.map((g) => [g.game, ...c.players.map((p) => cell(g.byPlayer[p])), statedText(g.stated)]);
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return `${[line(head), `|${head.map(() => '---|').join('')}`, ...body.map(line)].join('\n')}\n`;
}
