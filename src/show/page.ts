// One self-contained HTML page that steps through a game: the data as JSON, the page's own rules
// (page-rules.ts) and script (script.ts) as their source text, inline CSS. No network: the content
// security policy forbids every fetch, and nothing is loaded from anywhere.
import { escapeMarkup } from '../files.js';
import type { ShownGame } from './record.js';
import { pageRules } from './page-rules.js';
import { pageMain } from './script.js';

/**
 * JSON that is safe inside a script element whatever the strings hold: `<`, `>` and `&` become
 * \u escapes, so no `</script>` or `<!--` can appear; U+2028/2029 too, for older parsers.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const CSS = `
:root { --felt: #1f6a3c; --ink: #f4f4ef; --card-w: 56px; --card-h: 76px; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; background: var(--felt); color: var(--ink); }
header { padding: 10px 16px 6px; }
h1 { font-size: 20px; margin: 0 0 4px; }
.verdict { font-size: 14px; margin: 0; }
.verdict.good { color: #c9f7c9; }
.verdict.bad { color: #fff; background: #b3261e; display: inline-block; padding: 3px 8px; border-radius: 4px; font-weight: bold; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px 16px; background: rgba(0,0,0,.25); }
.controls button, .controls select { font: inherit; font-size: 14px; padding: 3px 9px; border-radius: 4px; border: 1px solid #0a2; background: #f4f4ef; color: #111; cursor: pointer; }
.controls input[type=range] { flex: 1 1 240px; min-width: 160px; }
#counter { font-variant-numeric: tabular-nums; min-width: 110px; }
.status { display: flex; gap: 18px; align-items: center; padding: 4px 16px; font-size: 14px; min-height: 26px; }
#now { font-weight: bold; }
#home-bar { width: 160px; }
main { display: flex; align-items: flex-start; gap: 12px; padding: 4px 16px 16px; }
#table { flex: 1 1 auto; min-width: 0; }
.row { display: flex; flex-wrap: wrap; gap: 18px; margin-bottom: 10px; }
.group h2 { font-size: 12px; font-weight: normal; text-transform: uppercase; letter-spacing: .06em; margin: 0 0 4px; opacity: .85; }
.piles { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 8px; }
.foundations .piles { display: grid; grid-template-columns: repeat(8, var(--card-w)); gap: 6px 8px; }
.foundations.n4 .piles { grid-template-columns: repeat(4, var(--card-w)); }
.pile { display: flex; flex-direction: column; align-items: center; border-radius: 7px; padding: 2px; border: 2px solid transparent; }
.pile.from { border: 2px dashed #ffb300; }
.pile.to { border: 2px solid #ffe066; }
.cards { position: relative; min-width: var(--card-w); }
.slot { position: absolute; left: 0; top: 0; width: var(--card-w); height: var(--card-h); border: 1px dashed rgba(255,255,255,.45); border-radius: 5px; display: flex; align-items: center; justify-content: center; font-size: 13px; opacity: .8; }
.label { font-size: 11px; margin-top: 2px; opacity: .9; white-space: nowrap; font-variant-numeric: tabular-nums; }
.card { position: absolute; width: var(--card-w); height: var(--card-h); background: #fff; border: 1px solid #666; border-radius: 5px; box-shadow: 0 1px 2px rgba(0,0,0,.35); }
.card .corner { position: absolute; left: 3px; top: 1px; font-size: 15px; font-weight: bold; line-height: 1.1; }
.card .pip { position: absolute; right: 5px; bottom: 2px; font-size: 28px; line-height: 1; }
.card.red { color: #c8102e; }
.card.black { color: #111; }
.card.moved { outline: 3px solid #ffd000; outline-offset: -1px; box-shadow: 0 0 8px 2px #ffd000; z-index: 1; }
.card.back { background: repeating-linear-gradient(45deg, #24428f 0 4px, #3a5fc0 4px 8px); border: 2px solid #fff; }
aside { flex: 0 0 300px; background: rgba(0,0,0,.2); border-radius: 6px; padding: 6px; }
aside h2 { font-size: 13px; margin: 2px 4px 6px; }
#moves { position: relative; list-style: none; margin: 0; padding: 0; max-height: calc(100vh - 190px); overflow-y: auto; font-size: 13px; }
#moves li { display: flex; gap: 6px; align-items: baseline; padding: 2px 4px; border-radius: 3px; cursor: pointer; }
#moves li:hover { background: rgba(255,255,255,.12); }
#moves li .n { min-width: 32px; text-align: right; opacity: .7; font-variant-numeric: tabular-nums; }
#moves li .what { flex: 1; }
#moves li code { opacity: .65; font-size: 11px; }
#moves li.current { background: #ffe066; color: #111; }
#moves li.refused { background: #b3261e; color: #fff; cursor: default; }
#moves li.unplayed { opacity: .45; cursor: default; }
footer { font-size: 11px; opacity: .75; padding: 0 16px 12px; }
`;

const BODY = `
<header><h1 id="title"></h1><p id="verdict" class="verdict"></p></header>
<noscript><p class="verdict bad">This page needs JavaScript to lay out the cards.</p></noscript>
<div class="controls">
  <button id="first" title="Back to the deal (Home)">|◀ Start</button>
  <button id="prev" title="Previous move (left arrow)">◀ Back</button>
  <button id="play" title="Play or pause (space)">▶ Play</button>
  <button id="next" title="Next move (right arrow)">Next ▶</button>
  <button id="last" title="To the end (End)">End ▶|</button>
  <label>speed <select id="speed">
    <option value="1">1 move/s</option><option value="2">2 moves/s</option><option value="5" selected>5 moves/s</option>
    <option value="10">10 moves/s</option><option value="25">25 moves/s</option><option value="60">60 moves/s</option>
  </select></label>
  <input id="slider" type="range" min="0" max="0" value="0" aria-label="jump to a move">
  <span id="counter"></span>
</div>
<div class="status"><span id="now"></span><span id="home"></span><progress id="home-bar" max="1" value="0"></progress></div>
<main>
  <section id="table" aria-label="the table"></section>
  <aside><h2>Moves</h2><ol id="moves"></ol></aside>
</main>
<footer>Made by patience-solver (<code>patience show</code>). The page plays each move itself from the deal, by the rules of the game, and refuses any move they do not allow.</footer>
`;

export function renderPage(game: ShownGame): string {
  const script = `(${pageMain.toString()})((${pageRules.toString()})());`;
  // The script is our own source; a `</script` in it would end the element early.
  if (/<\/script/i.test(script)) throw new Error('the page script contains </script');
  const title = `${game.name}${game.seed !== undefined ? `, seed ${game.seed}` : ''}: ${game.result ?? 'game'}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style>${CSS}</style>
</head>
<body>${BODY}
<script type="application/json" id="game-data">${scriptSafeJson(game)}</script>
<script>${script}</script>
</body>
</html>
`;
}
