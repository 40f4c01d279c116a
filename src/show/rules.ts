// The page's own reading of RULES.md: plays one move (FORMATS.md notation) on a position, or
// says why it cannot, so that a page never shows an impossible game. It is a third reading of
// the rules, beside the engine and the referee, and shares no code with either.
//
// Everything lives inside `pageRules` and nothing outside it is used (types aside), because the
// page carries this function's source text as it is (see page.ts). test/show.test.ts checks
// that it agrees with the referee on every move of the test games and on every candidate move
// of positions along them.
import type { Position } from '../position.js';

/** A move played: the position after it and what to mark on the table. */
export interface PlayedMove {
  pos: Position;
  /** The pile the cards left (`s` for a draw). */
  from: string;
  /** Each pile that received cards, and how many of its top cards arrived by this move. */
  to: { pile: string; count: number }[];
  /** The move in words, read before it was played: `K♥ t1 → f5`. */
  text: string;
}

export type ShowRules = ReturnType<typeof pageRules>;

export function pageRules() {
  const RANKS = 'A23456789TJQK';
  const SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
  const rank = (card: string): number => RANKS.indexOf(card[0]!) + 1;
  const isRed = (card: string): boolean => card[1] === 'D' || card[1] === 'H';
  const otherColour = (a: string, b: string): boolean => isRed(a) !== isRed(b);
  /** The rank `by` steps from `r`, round the corner (above K comes A). */
  const wrapped = (r: number, by: number): number => ((r - 1 + by + 26) % 13) + 1;
  const top = (pile: string[]): string | undefined => pile[pile.length - 1];
  const shown = (card: string): string => (card[0] === 'T' ? '10' : card[0]!) + SYMBOL[card[1]!]!;

  /** Each answer is null (allowed) or the reason, citing the rule. */
  interface GameRules {
    decks: number;
    waste: boolean;
    /** Pile kinds that may play to which, `src>dst`. */
    moves: string[];
    movesRule: string;
    /** Whether runs move as one (Double Dot). */
    runs: boolean;
    draw: 'to-waste' | 'to-every-tableau-pile';
    drawRule: string;
    toFoundation(pos: Position, f: number, card: string): string | null;
    toTableau(pos: Position, t: number, card: string): string | null;
    fromFoundation(pos: Position, f: number): string | null;
    /** Whether `upper` lies on `lower` in a run. */
    runFollows?(lower: string, upper: string): boolean;
    /** Reserve cards under the top are face down (Mamy Susan). */
    hiddenReserve: boolean;
    /** What an empty foundation takes, written on its place. */
    emptyFoundation(pos: Position, f: number): string;
  }

  const GAMES: Record<string, GameRules> = {
    'double-signora': {
      decks: 4,
      waste: true,
      moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'f>t'],
      movesRule: 'DS-6',
      runs: false,
      draw: 'to-waste',
      drawRule: 'DS-8',
      toFoundation(pos, f, card) {
        const pile = pos.foundations[f]!;
        const below = top(pile);
        if (below === undefined) {
          if (pos.base === null || pos.base === undefined) return null; // DS-3: the first one is free
          return rank(card) === RANKS.indexOf(pos.base) + 1 ? null : `DS-3: an empty foundation takes only the base rank ${pos.base}`;
        }
        if (pile.length >= 13) return 'DS-4: a foundation holds at most 13 cards';
        return rank(card) === wrapped(rank(below), 1) && otherColour(below, card) ? null : `DS-4: ${card} does not go on ${below}`;
      },
      toTableau(pos, t, card) {
        const below = top(pos.tableau[t]!);
        if (below === undefined) {
          return pos.stock.length === 0 && pos.waste.length === 0 ? null : 'DS-7: a space is filled from the waste or stock';
        }
        return rank(card) === wrapped(rank(below), -1) && otherColour(below, card) ? null : `DS-5: ${card} does not go on ${below}`;
      },
      fromFoundation: () => null,
      hiddenReserve: false,
      emptyFoundation: (pos) => pos.base ?? 'any',
    },
    'double-aces-and-kings': {
      decks: 4,
      waste: true,
      moves: ['r>f', 'r>t', 'w>f', 'w>t', 't>f', 't>t', 'f>f', 'f>t'],
      movesRule: 'DAK-5',
      runs: false,
      draw: 'to-waste',
      drawRule: 'DAK-6',
      toFoundation(pos, f, card) {
        const up = f < 8; // DAK-1: f0..f7 build up from an Ace, f8..f15 down from a King
        const below = top(pos.foundations[f]!);
        const wanted = below === undefined ? (up ? 1 : 13) : rank(below) + (up ? 1 : -1);
        return rank(card) === wanted
          ? null
          : `DAK-3: ${card} does not go on ${below ?? (up ? 'an empty Ace foundation' : 'an empty King foundation')}`;
      },
      toTableau: (pos, t) => (pos.tableau[t]!.length === 0 ? null : 'DAK-4: a slot holds one card'),
      fromFoundation: () => null,
      hiddenReserve: false,
      emptyFoundation: (_pos, f) => (f < 8 ? 'A ↑' : 'K ↓'),
    },
    'double-dot': {
      decks: 1,
      waste: false,
      moves: ['t>f', 't>t', 'f>t'],
      movesRule: 'DD-6',
      runs: true,
      draw: 'to-every-tableau-pile',
      drawRule: 'DD-7',
      toFoundation(pos, f, card) {
        const pile = pos.foundations[f]!;
        const below = top(pile);
        if (below === undefined) return 'DD-2: a foundation keeps its first card';
        if (pile.length >= 13) return 'DD-3: a foundation holds 13 cards';
        return card[1] === below[1] && rank(card) === wrapped(rank(below), 2) ? null : `DD-3: ${card} does not go on ${below}`;
      },
      toTableau(pos, t, card) {
        const below = top(pos.tableau[t]!);
        return below === undefined || rank(card) === wrapped(rank(below), -2) ? null : `DD-4: ${card} does not go on ${below}`;
      },
      fromFoundation: (pos, f) => (pos.foundations[f]!.length > 1 ? null : "DD-3: a foundation's first card never leaves"),
      runFollows: (lower, upper) => rank(upper) === wrapped(rank(lower), -2),
      hiddenReserve: false,
      emptyFoundation: () => '',
    },
    'mamy-susan': {
      decks: 2,
      waste: true,
      moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'r>t', 'f>t'],
      movesRule: 'MS-5',
      runs: false,
      draw: 'to-waste',
      drawRule: 'MS-6',
      toFoundation(pos, f, card) {
        const below = top(pos.foundations[f]!);
        if (below === undefined) return rank(card) === 1 ? null : 'MS-3: an empty foundation takes an Ace';
        return card[1] === below[1] && rank(card) === rank(below) + 1 ? null : `MS-3: ${card} does not go on ${below}`;
      },
      toTableau(pos, t, card) {
        const below = top(pos.tableau[t]!);
        if (below === undefined) return null;
        return rank(card) === rank(below) - 1 && otherColour(below, card) ? null : `MS-4: ${card} does not go on ${below}`;
      },
      fromFoundation: () => null,
      hiddenReserve: true, // MS-2
      emptyFoundation: () => 'A',
    },
  };

  const copy = (pos: Position): Position => ({
    ...pos,
    foundations: pos.foundations.map((p) => [...p]),
    tableau: pos.tableau.map((p) => [...p]),
    reserves: pos.reserves.map((p) => [...p]),
    stock: [...pos.stock],
    waste: [...pos.waste],
  });

  function pile(pos: Position, game: GameRules, id: string): string[] | undefined {
    if (id === 's') return pos.stock;
    if (id === 'w') return game.waste ? pos.waste : undefined;
    const list = id[0] === 'f' ? pos.foundations : id[0] === 't' ? pos.tableau : pos.reserves;
    return list[Number(id.slice(1))];
  }

  function draw(pos: Position, game: GameRules): PlayedMove | string {
    if (pos.stock.length === 0) return `${game.drawRule}: the stock is empty (no redeal)`;
    const next = copy(pos);
    if (game.draw === 'to-waste') {
      const card = next.stock.pop()!;
      next.waste.push(card);
      return { pos: next, from: 's', to: [{ pile: 'w', count: 1 }], text: `draw ${shown(card)}` };
    }
    // DD-7: one card onto each of t0..t7 in order, empty piles included, while the stock lasts.
    const to: PlayedMove['to'] = [];
    for (let t = 0; t < next.tableau.length && next.stock.length > 0; t++) {
      next.tableau[t]!.push(next.stock.pop()!);
      to.push({ pile: `t${t}`, count: 1 });
    }
    return { pos: next, from: 's', to, text: `deal ${to.length} cards` };
  }

  /** The move played on `pos` (which is not changed), or the reason it cannot be. */
  function play(pos: Position, move: string): PlayedMove | string {
    const game = GAMES[pos.game];
    if (!game) return `this page does not know the game '${pos.game}'`;
    if (move === 'draw') return draw(pos, game);
    const m = /^([ftr]\d+|[sw])(?::(\d+))?>([ftr]\d+|[sw])$/.exec(move);
    if (!m) return `'${move}' is not a move`;
    const [, src, n, dst] = m as unknown as [string, string, string | undefined, string];
    const count = n === undefined ? 1 : Number(n);
    const from = pile(pos, game, src);
    const onto = pile(pos, game, dst);
    if (!from) return `no pile ${src}`;
    if (!onto) return `no pile ${dst}`;
    if (src === 's' || dst === 's') return 'the stock only moves by draw';
    if (src === dst) return `${src} cannot move onto itself`;
    if (!game.moves.includes(`${src[0]}>${dst[0]}`)) return `${game.movesRule}: no move from ${src} to ${dst}`;
    if (from.length === 0) return `${src} is empty`;
    if (count < 1 || count > from.length) return `${src} has no ${count} cards to move`;
    const moving = from.slice(from.length - count);
    if (count > 1) {
      if (!game.runs || !game.runFollows) return `${game.movesRule}: only single cards move`;
      if (src[0] !== 't' || dst[0] !== 't') return 'DD-6: only single cards go to or come from a foundation';
      for (let i = 1; i < count; i++)
        if (!game.runFollows(moving[i - 1]!, moving[i]!)) return `DD-5: the top ${count} cards of ${src} are not a run`;
    }
    if (src[0] === 'f') {
      const why = game.fromFoundation(pos, Number(src.slice(1)));
      if (why) return why;
    }
    const index = Number(dst.slice(1));
    const why = dst[0] === 'f' ? game.toFoundation(pos, index, moving[0]!) : game.toTableau(pos, index, moving[0]!);
    if (why) return why;

    const next = copy(pos);
    pile(next, game, src)!.splice(from.length - count, count);
    pile(next, game, dst)!.push(...moving);
    let text = `${moving.map(shown).join(' ')} ${src} → ${dst}`;
    const to: PlayedMove['to'] = [{ pile: dst, count }];
    if (pos.game === 'double-signora') {
      // DS-3: the first foundation card fixes the base rank.
      if (dst[0] === 'f' && (next.base === null || next.base === undefined)) {
        next.base = moving[0]![0]!;
        text += `, base rank ${next.base}`;
      }
      // DS-7: an emptied tableau pile is filled at once from the waste, else the stock.
      const emptied = pile(next, game, src)!;
      if (src[0] === 't' && emptied.length === 0) {
        const filler = next.waste.length > 0 ? next.waste : next.stock;
        const card = filler.pop();
        if (card !== undefined) {
          emptied.push(card);
          to.push({ pile: src, count: 1 });
          text += `; ${src} filled with ${shown(card)} from the ${filler === next.waste ? 'waste' : 'stock'}`;
        }
      }
    }
    return { pos: next, from: src, to, text };
  }

  const home = (pos: Position): number => pos.foundations.reduce((n, p) => n + p.length, 0);
  const total = (pos: Position): number => 52 * (GAMES[pos.game]?.decks ?? 0);
  const known = (game: string): boolean => game in GAMES;
  const hiddenReserve = (pos: Position): boolean => GAMES[pos.game]?.hiddenReserve ?? false;
  const hasWaste = (pos: Position): boolean => GAMES[pos.game]?.waste ?? true;
  const emptyFoundation = (pos: Position, f: number): string => GAMES[pos.game]?.emptyFoundation(pos, f) ?? '';

  return { play, home, total, known, hiddenReserve, hasWaste, emptyFoundation, shown, isRed };
}
