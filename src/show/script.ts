// The page's script: plays the moves with the page's own rules (page-rules.ts), lays out the table
// at any move, and steps through the game (buttons, arrow keys, slider, play/pause, move list).
//
// Like page-rules.ts it is self-contained: page.ts puts its source text into the page. Everything
// from the input reaches the page through textContent and attributes, never as HTML.
import type { ShownGame } from './record.js';
import type { Position } from '../position/position.js';
import type { PlayedMove, pageRules } from './page-rules.js';

export function pageMain(reading: ReturnType<typeof pageRules>): void {
  const data = JSON.parse(document.getElementById('game-data')!.textContent!) as ShownGame;
  const rules = reading.forGame(data.rules);
  const byId = (id: string): HTMLElement => document.getElementById(id)!;
  const el = (tag: string, className = '', text = ''): HTMLElement => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  };

  // Every move is played once, up front, keeping what each did and the position at every
  // CHECKPOINT-th move; any other position is played again from the checkpoint before it, so a
  // line of hundreds of thousands of moves opens at once. The first move the rules refuse ends
  // the line, and the page says so.
  const CHECKPOINT = 256;
  const checkpoints = [data.position];
  const played: Omit<PlayedMove, 'pos'>[] = [];
  let refused: { index: number; reason: string } | null = null;
  let at = data.position;
  for (let i = 0; !refused && i < data.moves.length; i++) {
    const r = rules.play(at, data.moves[i]!);
    if (typeof r === 'string') refused = { index: i, reason: r };
    else {
      played.push({ from: r.from, to: r.to, text: r.text });
      at = r.pos;
      if ((i + 1) % CHECKPOINT === 0) checkpoints.push(at);
    }
  }
  let cached = { k: played.length, pos: at };
  /** The position after k moves (0..last). */
  const positionAt = (k: number): Position => {
    if (k !== cached.k) {
      let from =
        cached.k <= k && k - cached.k < CHECKPOINT ? cached : { k: k - (k % CHECKPOINT), pos: checkpoints[Math.floor(k / CHECKPOINT)]! };
      for (let i = from.k; i < k; i++) from = { k: i + 1, pos: (rules.play(from.pos, data.moves[i]!) as PlayedMove).pos };
      cached = from;
    }
    return cached.pos;
  };
  const last = played.length;
  const total = rules.total();

  // ---- The heading and what the result says.
  const title = `${data.name}${data.seed !== undefined ? `, seed ${data.seed}` : ''}`;
  byId('title').textContent = title;
  const final = positionAt(last);
  const won = total > 0 && rules.home(final) === total;
  const n = data.moves.length;
  let verdict: string;
  let bad = false;
  if (refused) {
    bad = true;
    verdict = `Move ${refused.index + 1} (${data.moves[refused.index] ?? ''}) is refused: ${refused.reason}. The page shows the game up to move ${refused.index}.`;
  } else if (won) {
    verdict = `Won: all ${total} cards home after ${n} moves.`;
  } else if (data.result === 'won') {
    bad = true;
    verdict = `The result says won, but after its ${n} moves only ${rules.home(final)} of ${total} cards are home.`;
  } else if (n === 0 && data.result === 'lost') {
    const what = data.seed !== undefined ? 'deal' : 'position';
    verdict = `Lost: the solver proved that no line of moves wins this ${what}, so there is no solution to show. This is the ${what}.`;
  } else if (n === 0 && data.result === 'unknown') {
    verdict = `Unknown: the solver reached its ${data.limit ? `${data.limit} ` : ''}limit before deciding, so there is no solution to show. This is the deal.`;
  } else if (n === 0) {
    verdict = 'A position with no moves to show.';
  } else {
    verdict = `${data.result === 'lost' ? 'Lost' : 'Not won'}: the game ends after ${n} moves with ${rules.home(final)} of ${total} cards home.`;
  }
  const verdictBox = byId('verdict');
  verdictBox.textContent = verdict;
  verdictBox.className = bad ? 'verdict bad' : won ? 'verdict good' : 'verdict';

  // ---- The move list: item k jumps to the position after move k (item 0: the deal). A long
  // line lists the LISTED items around the current move, listed again when the move leaves them.
  const list = byId('moves');
  const entries = refused && refused.index < n ? n + 1 : last + 1;
  const entry = (k: number): [string, string, string] =>
    k === 0
      ? ['the deal', '', '']
      : k <= last
        ? [played[k - 1]!.text, data.moves[k - 1]!, '']
        : k === last + 1 && refused
          ? [`refused: ${refused.reason}`, data.moves[k - 1]!, 'refused']
          : ['not played', data.moves[k - 1]!, 'unplayed'];
  const LISTED = 2000;
  const items = new Map<number, HTMLElement>();
  let listedFrom = -1;
  const addItem = (k: number): void => {
    const [text, code, className] = entry(k);
    const li = el('li', className);
    li.dataset.step = String(k);
    li.append(el('span', 'n', String(k)), el('span', 'what', text));
    if (code) li.append(el('code', '', code));
    if (k <= last) {
      li.addEventListener('click', () => {
        stop();
        show(k);
      });
    }
    list.append(li);
    items.set(k, li);
  };
  /** Lists the items of a window holding item k (every item, when there are few). */
  const listAround = (k: number): void => {
    const from = entries <= LISTED ? 0 : Math.max(0, Math.min(entries - LISTED, k - LISTED / 2));
    if (from === listedFrom && items.has(k)) return;
    listedFrom = from;
    list.replaceChildren();
    items.clear();
    for (let i = from; i < Math.min(entries, from + LISTED); i++) addItem(i);
  };

  // ---- The table: laid out once; at each step only the cards that changed are redrawn.
  const CARD_H = 76;
  const card = (name: string | null): HTMLElement => {
    if (name === null) return el('div', 'card back');
    const c = el('div', `card ${rules.isRed(name) ? 'red' : 'black'}`);
    c.dataset.card = name;
    const shown = rules.shown(name);
    c.append(el('span', 'corner', shown), el('span', 'pip', shown.slice(-1)));
    return c;
  };
  interface Layout {
    /** Offsets of each card from the one below it; only the top `fanned` cards spread out. */
    dx?: number;
    dy?: number;
    fanned?: number;
    /** Written on an empty pile's place. */
    empty?: string;
    /** The count in the label, if not the cards shown (the stock shows one card back). */
    count?: number;
  }
  interface Drawn {
    box: HTMLElement;
    area: HTMLElement;
    slot: HTMLElement;
    label: HTMLElement;
    /** The cards drawn now (null: face down) and their elements. */
    cards: (string | null)[];
    els: HTMLElement[];
  }
  const drawn = new Map<string, Drawn>();
  const pileBox = (id: string): HTMLElement => {
    const box = el('div', 'pile');
    box.dataset.pile = id;
    const area = el('div', 'cards');
    const slot = el('div', 'slot');
    const label = el('div', 'label');
    area.append(slot);
    box.append(area, label);
    drawn.set(id, { box, area, slot, label, cards: [], els: [] });
    return box;
  };
  const set = (e: HTMLElement, property: 'left' | 'top' | 'width' | 'height', value: string): void => {
    if (e.style[property] !== value) e.style[property] = value;
  };
  const setText = (e: HTMLElement, text: string): void => {
    if (e.textContent !== text) e.textContent = text;
  };
  /**
   * Draws pile `id`: the cards it still shares with what is drawn (from the bottom up) stay,
   * the rest are replaced, so a step touches only the cards that moved.
   */
  function drawPile(id: string, cards: (string | null)[], mark: Omit<PlayedMove, 'pos'> | undefined, how: Layout): void {
    const d = drawn.get(id)!;
    const arrived = mark?.to.find((t) => t.pile === id)?.count ?? 0;
    d.box.classList.toggle('from', mark?.from === id);
    d.box.classList.toggle('to', arrived > 0);
    let same = 0;
    while (same < d.cards.length && same < cards.length && d.cards[same] === cards[same]) same++;
    for (const e of d.els.splice(same)) e.remove();
    for (let i = same; i < cards.length; i++) {
      const c = card(cards[i]!);
      d.els.push(c);
      d.area.append(c);
    }
    d.cards = [...cards];
    const fanned = how.fanned ?? cards.length;
    const spread = (i: number): number => Math.max(0, i - (cards.length - fanned));
    const dx = how.dx ?? 0;
    const dy = how.dy ?? 0;
    d.els.forEach((c, i) => {
      set(c, 'left', `${spread(i) * dx}px`);
      set(c, 'top', `${spread(i) * dy}px`);
      c.classList.toggle('moved', i >= cards.length - arrived);
    });
    const steps = Math.max(0, Math.min(fanned, cards.length) - 1);
    set(d.area, 'width', `${56 + steps * dx}px`);
    set(d.area, 'height', `${CARD_H + steps * dy}px`);
    setText(d.slot, how.empty ?? '');
    const count = how.count ?? cards.length;
    setText(d.label, count > 1 || how.count !== undefined ? `${id} · ${count}` : id);
  }
  const group = (heading: HTMLElement, className: string, piles: HTMLElement[]): HTMLElement => {
    const g = el('div', `group ${className}`);
    const row = el('div', 'piles');
    row.append(...piles);
    g.append(heading, row);
    return g;
  };

  const dealt = data.position;
  const hasWaste = rules.hasWaste();
  const foundationsHeading = el('h2');
  {
    const top = el('div', 'row');
    top.append(
      group(el('h2', '', hasWaste ? 'Stock and waste' : 'Stock'), 'talon', hasWaste ? [pileBox('s'), pileBox('w')] : [pileBox('s')]),
      group(
        foundationsHeading,
        `foundations n${dealt.foundations.length}`,
        dealt.foundations.map((_, i) => pileBox(`f${i}`)),
      ),
    );
    const rows = [top];
    if (dealt.reserves.length) {
      const row = el('div', 'row');
      row.append(
        group(
          el('h2', '', dealt.reserves.length > 1 ? 'Reserves' : 'Reserve'),
          'reserves',
          dealt.reserves.map((_, i) => pileBox(`r${i}`)),
        ),
      );
      rows.push(row);
    }
    const row = el('div', 'row');
    row.append(
      group(
        el('h2', '', 'Tableau'),
        'tableau',
        dealt.tableau.map((_, i) => pileBox(`t${i}`)),
      ),
    );
    rows.push(row);
    byId('table').replaceChildren(...rows);
  }

  function layOut(pos: typeof data.position, mark: Omit<PlayedMove, 'pos'> | undefined): void {
    drawPile('s', pos.stock.length ? [null] : [], mark, { count: pos.stock.length });
    drawn.get('s')!.box.dataset.count = String(pos.stock.length);
    if (hasWaste) drawPile('w', pos.waste, mark, { dx: 20, fanned: 3 });
    pos.foundations.forEach((p, i) => drawPile(`f${i}`, p, mark, { empty: rules.emptyFoundation(pos, i) }));
    foundationsHeading.textContent = `Foundations${rules.hasBaseRank() ? ` (base rank ${pos.base ?? 'not yet fixed'})` : ''}`;
    pos.reserves.forEach((p, i) =>
      drawPile(
        `r${i}`,
        p.map((c, k) => (rules.hiddenReserve(i) && k < p.length - 1 ? null : c)),
        mark,
        { dx: 24 },
      ),
    );
    const longest = Math.max(1, ...pos.tableau.map((p) => p.length));
    const dy = Math.max(8, Math.min(22, Math.floor(400 / longest)));
    // Face-down cards are drawn as backs, as a person sees them.
    pos.tableau.forEach((p, i) =>
      drawPile(
        `t${i}`,
        p.map((c, k) => (k < (pos.faceDown?.[i] ?? 0) ? null : c)),
        mark,
        { dy },
      ),
    );
  }

  // ---- Stepping.
  const slider = byId('slider') as HTMLInputElement;
  slider.max = String(last);
  const playButton = byId('play');
  const speed = byId('speed') as HTMLSelectElement;
  let step = -1;
  let timer: number | undefined;

  let scrollPending = false;
  /** Keeps the current move in sight in the list, once a frame (scrollIntoView would scroll the page too). */
  function scrollToCurrent(): void {
    scrollPending = false;
    const item = items.get(step);
    if (!item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }

  function show(k: number): void {
    k = Math.max(0, Math.min(last, k));
    if (k === step) return;
    items.get(step)?.classList.remove('current');
    items.get(step)?.removeAttribute('aria-current');
    step = k;
    const mark = k > 0 ? played[k - 1] : undefined;
    const pos = positionAt(k);
    layOut(pos, mark);
    slider.value = String(k);
    byId('counter').textContent = `move ${k} of ${last}`;
    byId('now').textContent = mark ? `Move ${k}: ${mark.text}` : refused && last === 0 ? 'The deal (no move can be shown)' : 'The deal';
    const home = rules.home(pos);
    byId('home').textContent = `Cards home: ${home} of ${total}`;
    (byId('home-bar') as HTMLProgressElement).value = total ? home / total : 0;
    listAround(k);
    const item = items.get(k)!;
    item.classList.add('current');
    item.setAttribute('aria-current', 'step');
    if (!scrollPending) {
      scrollPending = true;
      requestAnimationFrame(scrollToCurrent);
    }
    document.body.dataset.step = String(k);
  }

  function stop(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    playButton.textContent = '▶ Play';
  }
  function start(): void {
    if (step >= last) show(0);
    playButton.textContent = '❚❚ Pause';
    timer = window.setInterval(() => {
      if (step >= last) stop();
      else show(step + 1);
    }, 1000 / Number(speed.value));
  }
  const toggle = (): void => (timer === undefined ? start() : stop());
  const stepBy = (d: number): void => {
    stop();
    show(step + d);
  };

  byId('first').addEventListener('click', () => stepBy(-Infinity));
  byId('prev').addEventListener('click', () => stepBy(-1));
  byId('next').addEventListener('click', () => stepBy(1));
  byId('last').addEventListener('click', () => stepBy(Infinity));
  playButton.addEventListener('click', toggle);
  speed.addEventListener('change', () => {
    if (timer !== undefined) {
      stop();
      start();
    }
  });
  slider.addEventListener('input', () => {
    stop();
    show(Number(slider.value));
  });
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (target.tagName === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => stepBy(1),
      ArrowLeft: () => stepBy(-1),
      Home: () => stepBy(-Infinity),
      End: () => stepBy(Infinity),
      ' ': toggle,
    };
    const action = keys[e.key];
    if (!action || (e.key === ' ' && target.tagName === 'BUTTON')) return; // a button's own space press clicks it
    e.preventDefault();
    action();
  });
  show(0);
}
