// A hand-written SVG chart of win-rate summaries: for each game a group with, for each player,
// a bar up to the proven win rate, a lighter bar on top for the undecided deals, the 95 % Wilson
// interval as a whisker, and the game's stated win rate as a diamond after its bars (n = deals).
// Axis 0-100 %, a legend, 900x400 (wider, with slanted names, for many games).
import { escapeMarkup } from '../../files.js';
import { getGame } from '../../games/index.js';
import { roundTenth } from './stats.js';
import type { GameSummary } from './summary.js';
import { percent, rateText, statedText } from './summary.js';

const COLOURS = {
  won: '#4c78a8',
  undecided: '#b9cde5',
  whisker: '#222222',
  stated: '#e4572e',
  grid: '#dddddd',
  text: '#222222',
  muted: '#666666',
};

export function renderSvg(summaries: readonly GameSummary[], opts: { width?: number; height?: number; title?: string } = {}): string {
  // One group a game (a line of the summary); names too long for their group are slanted under it.
  const groups = [...new Set(summaries.map((s) => s.label))];
  const W = opts.width ?? Math.max(900, 84 + 40 * groups.length);
  const slanted = groups.length > 6;
  const H = (opts.height ?? 400) + (slanted ? 150 : 0);
  const m = { left: 64, right: 20, top: 74, bottom: slanted ? 200 : 50 };
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const y = (f: number): number => m.top + ph * (1 - Math.min(1, Math.max(0, f)));
  const players = new Set(summaries.map((s) => s.player));
  const out: string[] = [];
  const push = (s: string): void => {
    out.push(s);
  };
  const text = (x: number, yy: number, s: string, attrs = ''): void =>
    push(`<text x="${px(x)}" y="${px(yy)}" ${attrs}>${escapeMarkup(s)}</text>`);

  push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12" fill="${COLOURS.text}">`,
  );
  push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  const title = opts.title ?? `Win rates${players.size === 1 ? ` (${[...players][0]} player)` : ''}`;
  text(m.left, 22, title, 'font-size="16" font-weight="bold"');

  // Legend, one row under the title.
  let lx = m.left;
  const ly = 44;
  const legend = (draw: (x: number) => void, label: string, width: number): void => {
    draw(lx);
    text(lx + 18, ly + 4, label);
    lx += width;
  };
  legend((x) => push(`<rect x="${x}" y="${ly - 6}" width="12" height="12" fill="${COLOURS.won}"/>`), 'won (proven)', 112);
  legend(
    (x) => push(`<rect x="${x}" y="${ly - 6}" width="12" height="12" fill="${COLOURS.undecided}"/>`),
    'undecided (unknown, error)',
    190,
  );
  legend(
    (x) =>
      push(
        `<path d="M${x + 6} ${ly - 7}V${ly + 7}M${x + 2} ${ly - 7}H${x + 10}M${x + 2} ${ly + 7}H${x + 10}" stroke="${COLOURS.whisker}" stroke-width="1.5" fill="none"/>`,
      ),
    '95 % Wilson interval',
    150,
  );
  legend((x) => push(diamond(x + 6, ly, 6)), 'stated win rate', 120);

  // Axes and grid.
  for (let t = 0; t <= 100; t += 20) {
    const yy = y(t / 100);
    push(
      `<line x1="${m.left}" y1="${px(yy)}" x2="${m.left + pw}" y2="${px(yy)}" stroke="${t === 0 ? COLOURS.text : COLOURS.grid}" stroke-width="1"/>`,
    );
    text(m.left - 8, yy + 4, `${t} %`, 'text-anchor="end"');
  }
  push(`<line x1="${m.left}" y1="${m.top}" x2="${m.left}" y2="${m.top + ph}" stroke="${COLOURS.text}" stroke-width="1"/>`);
  text(16, m.top + ph / 2, 'win rate', `text-anchor="middle" transform="rotate(-90 16 ${px(m.top + ph / 2)})"`);

  if (summaries.length === 0) text(m.left + pw / 2, m.top + ph / 2, 'no deals', 'text-anchor="middle"');
  // One group a game; in it one bar a player, then the stated figure.
  const gw = pw / Math.max(1, groups.length);
  groups.forEach((label, g) => {
    const bars = summaries.filter((s) => s.label === label);
    const slot = (gw - 30) / bars.length;
    const bw = Math.min(56, slot * 0.6);
    const gx = m.left + gw * g;
    bars.forEach((s, i) => {
      const cx = gx + 8 + slot * i + slot / 2;
      const x0 = cx - bw / 2;
      const yLow = y(s.winRate.low);
      const yHigh = y(s.winRate.high);
      push(`<g>`);
      push(
        `<title>${escapeMarkup(`${s.label} (${s.player}): ${s.deals} deals, won ${s.won}, lost ${s.lost}, unknown ${s.unknown}, errors ${s.errors}; 95 % interval ${percent(s.interval.lo)}-${percent(s.interval.hi)} %; stated ${statedText(s.stated)}`)}</title>`,
      );
      if (s.winRate.high > s.winRate.low) {
        push(`<rect x="${px(x0)}" y="${px(yHigh)}" width="${px(bw)}" height="${px(yLow - yHigh)}" fill="${COLOURS.undecided}"/>`);
      }
      push(`<rect x="${px(x0)}" y="${px(yLow)}" width="${px(bw)}" height="${px(m.top + ph - yLow)}" fill="${COLOURS.won}"/>`);
      const yLo = y(s.interval.lo);
      const yHi = y(s.interval.hi);
      const cap = bw * 0.28;
      push(
        `<path d="M${px(cx)} ${px(yHi)}V${px(yLo)}M${px(cx - cap)} ${px(yHi)}H${px(cx + cap)}M${px(cx - cap)} ${px(yLo)}H${px(cx + cap)}" stroke="${COLOURS.whisker}" stroke-width="1.5" fill="none"/>`,
      );
      text(cx, Math.max(m.top - 4, yHi - 6), `${rateText(s.winRate)} %`, 'text-anchor="middle" font-size="10"');
      if (players.size > 1)
        text(cx, m.top + ph + 30, s.player.split('-')[0]!, `text-anchor="middle" font-size="10" fill="${COLOURS.muted}"`);
      text(cx, m.top + ph + (players.size > 1 ? 42 : 30), `n = ${s.deals}`, `text-anchor="middle" font-size="10" fill="${COLOURS.muted}"`);
      push(`</g>`);
    });
    const stated = bars[0]!.stated;
    const sx = gx + gw - 16;
    if (stated !== null) {
      push(diamond(sx, y(stated), 6));
      text(sx, y(stated) - 9, statedText(stated), `text-anchor="middle" font-size="10" fill="${COLOURS.stated}"`);
    } else {
      text(
        sx,
        m.top + ph - 6,
        'not stated',
        `font-size="10" fill="${COLOURS.muted}" transform="rotate(-90 ${px(sx)} ${px(m.top + ph - 6)})" dy="4"`,
      );
    }
    const name = label === bars[0]!.game ? gameName(label) : label;
    if (slanted)
      // Under the player and n labels of the bars.
      text(gx + gw / 2, m.top + ph + 56, name, `text-anchor="end" transform="rotate(-40 ${px(gx + gw / 2)} ${px(m.top + ph + 56)})"`);
    else text(gx + gw / 2, m.top + ph + 16, name, 'text-anchor="middle" font-weight="bold"');
  });
  push(`</svg>`);
  return `${out.join('\n')}\n`;
}

function diamond(x: number, y: number, size: number): string {
  return `<path d="M${px(x)} ${px(y - size)}L${px(x + size)} ${px(y)}L${px(x)} ${px(y + size)}L${px(x - size)} ${px(y)}Z" fill="${COLOURS.stated}" stroke="#ffffff" stroke-width="1"/>`;
}

function gameName(id: string): string {
  try {
    return getGame(id).name;
  } catch {
    return id;
  }
}

/** A coordinate or length as the chart writes it, to a tenth. */
const px = (x: number): string => String(roundTenth(x));
