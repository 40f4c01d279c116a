// The page's own reading of the rules data (a rules file, docs/rules.md): plays one move
// (FORMATS.md notation) on a position, or says why it cannot, so that a page never shows an
// impossible game. It is a third reading of the rules, beside the engine and the referee, and
// shares no code with either; the page carries the game's rules as JSON beside its moves.
//
// Everything lives inside `pageRules` and nothing outside it is used (types aside), because the
// page carries this function's source text as it is (see page.ts). test/show/show.test.ts checks
// that it agrees with the referee on every move of the test games and on every candidate move
// of positions along them.
import type { Position } from '../position/position.js';

/** A move played: the position after it and what to mark on the table. */
export interface PlayedMove {
  pos: Position;
  /** The pile the cards left (`s` for a draw, `w` for a redeal). */
  from: string;
  /** Each pile that received cards, and how many of its top cards arrived by this move. */
  to: { pile: string; count: number }[];
  /** The move in words, read before it was played: `K♥ t1 → f5`. */
  text: string;
}

/** A game's rules as a rules file writes them (no limit: capacity null, redeals 'unlimited'). */
export interface PageGame {
  decks: number;
  foundations: {
    count: number;
    start: number | 'base-rank' | 'dealt';
    build: { step: number; wrap: boolean; suit: string; either: boolean };
    max: number;
  }[];
  tableau: {
    build: { step: number; wrap: boolean; suit: string; either: boolean };
    capacity: number | null;
    runs: string;
    spaces: string;
    autoFill: string;
  };
  reserves: { visible: string }[];
  stock: { draw: string; drawCount: number; redeals: number | 'unlimited'; lockedUntilFoundation: boolean };
  moves: string[];
  /** The moves allowed while no foundation holds a card but the dealt first cards; null: every move. */
  opening: string[] | null;
}

export function pageRules() {
  const RANKS = 'A23456789TJQK';
  const SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
  const rank = (card: string): number => RANKS.indexOf(card[0]!) + 1;
  const isRed = (card: string): boolean => card[1] === 'D' || card[1] === 'H';
  const top = (pile: string[]): string | undefined => pile[pile.length - 1];
  const shown = (card: string): string => (card[0] === 'T' ? '10' : card[0]!) + SYMBOL[card[1]!]!;

  /** Whether `upper` goes on `lower` under a build (null) or why not. */
  function onto(build: PageGame['tableau']['build'], lower: string, upper: string): string | null {
    if (build.step === 0) return 'nothing builds there';
    const want = (step: number): number => {
      const raw = rank(lower) + step;
      return build.wrap ? ((((raw - 1) % 13) + 13) % 13) + 1 : raw;
    };
    // Either way: one step up or one step down, as each card comes.
    if (rank(upper) !== want(build.step) && !(build.either && rank(upper) === want(-build.step))) return `${upper} does not go on ${lower}`;
    if (build.suit === 'same-suit' && upper[1] !== lower[1]) return `${upper} is not of ${lower}'s suit`;
    if (build.suit === 'alternate-colour' && isRed(upper) === isRed(lower)) return `${upper} is of ${lower}'s colour`;
    return null;
  }

  function forGame(game: PageGame) {
    const groupOf = (f: number): PageGame['foundations'][number] => {
      let first = 0;
      for (const g of game.foundations) {
        if (f < first + g.count) return g;
        first += g.count;
      }
      return game.foundations[0]!;
    };
    const waste = game.stock.draw === 'to-waste';
    const capacity = game.tableau.capacity ?? Infinity;
    const redeals = game.stock.redeals === 'unlimited' ? Infinity : game.stock.redeals;
    const dealtHome = game.foundations.reduce((n, g) => n + (g.start === 'dealt' ? g.count : 0), 0);
    const home = (pos: Position): number => pos.foundations.reduce((n, p) => n + p.length, 0);
    const fillers = (pos: Position): string[][] =>
      game.tableau.autoFill === 'waste-then-stock' ? [pos.waste, pos.stock] : game.tableau.autoFill === 'stock' ? [pos.stock] : [];

    const copy = (pos: Position): Position => ({
      ...pos,
      foundations: pos.foundations.map((p) => [...p]),
      tableau: pos.tableau.map((p) => [...p]),
      reserves: pos.reserves.map((p) => [...p]),
      stock: [...pos.stock],
      waste: [...pos.waste],
      ...(pos.faceDown ? { faceDown: [...pos.faceDown] } : {}),
    });

    function pile(pos: Position, id: string): string[] | undefined {
      if (id === 's') return pos.stock;
      if (id === 'w') return waste ? pos.waste : undefined;
      const list = id[0] === 'f' ? pos.foundations : id[0] === 't' ? pos.tableau : pos.reserves;
      return list[Number(id.slice(1))];
    }

    function toFoundation(pos: Position, f: number, card: string): string | null {
      const g = groupOf(f);
      const p = pos.foundations[f]!;
      if (p.length >= g.max) return `a foundation holds at most ${g.max} cards`;
      const below = top(p);
      if (below !== undefined) return onto(g.build, below, card);
      if (g.start === 'dealt') return 'a foundation keeps its first card';
      if (g.start === 'base-rank')
        return pos.base === null || pos.base === undefined || card[0] === pos.base
          ? null
          : `an empty foundation takes only the base rank ${pos.base}`;
      return rank(card) === g.start ? null : `an empty foundation takes only a ${RANKS[g.start - 1]}`;
    }

    function toTableau(pos: Position, t: number, card: string, count: number): string | null {
      const p = pos.tableau[t]!;
      if (p.length + count > capacity) return `a pile holds at most ${capacity} card(s)`;
      const below = top(p);
      if (below !== undefined) return onto(game.tableau.build, below, card);
      if (fillers(pos).some((f) => f.length > 0)) return 'a space is filled at once from the waste or stock';
      if (game.tableau.spaces === 'none') return 'nothing goes into a space';
      if (game.tableau.spaces === 'kings' && rank(card) !== 13) return 'only a King goes into a space';
      return null;
    }

    function draw(pos: Position): PlayedMove | string {
      if (pos.stock.length === 0) return 'the stock is empty';
      if (game.stock.lockedUntilFoundation && home(pos) <= dealtHome) return 'the stock is locked until a card is home';
      const next = copy(pos);
      if (waste) {
        const turned: string[] = [];
        for (let i = 0; i < game.stock.drawCount && next.stock.length > 0; i++) turned.push(next.stock.pop()!);
        next.waste.push(...turned);
        return { pos: next, from: 's', to: [{ pile: 'w', count: turned.length }], text: `draw ${turned.map(shown).join(' ')}` };
      }
      // One card onto each tableau pile in order, empty piles included, while the stock lasts.
      const to: PlayedMove['to'] = [];
      for (let t = 0; t < next.tableau.length && next.stock.length > 0; t++) {
        next.tableau[t]!.push(next.stock.pop()!);
        to.push({ pile: `t${t}`, count: 1 });
      }
      return { pos: next, from: 's', to, text: `deal ${to.length} cards` };
    }

    function redeal(pos: Position): PlayedMove | string {
      const made = pos.redeals ?? 0;
      if (made >= redeals) return 'no redeal is left';
      if (pos.stock.length > 0 || pos.waste.length === 0) return 'a redeal turns the waste over once the stock is empty';
      // The card turned first comes first again.
      const next = { ...copy(pos), stock: [...pos.waste].reverse(), waste: [], redeals: made + 1 };
      return { pos: next, from: 'w', to: [{ pile: 's', count: next.stock.length }], text: `redeal ${made + 1}: the waste turned over` };
    }

    /** The move played on `pos` (which is not changed), or the reason it cannot be. */
    function play(pos: Position, move: string): PlayedMove | string {
      if (move === 'draw') return draw(pos);
      if (move === 'redeal') return redeal(pos);
      const m = /^([ftr]\d+|[sw])(?::(\d+))?>([ftr]\d+|[sw])$/.exec(move);
      if (!m) return `'${move}' is not a move`;
      const [, src, n, dst] = m as unknown as [string, string, string | undefined, string];
      const count = n === undefined ? 1 : Number(n);
      const from = pile(pos, src);
      if (!from) return `no pile ${src}`;
      if (!pile(pos, dst)) return `no pile ${dst}`;
      if (src === 's' || dst === 's') return 'the stock only moves by draw';
      if (src === dst) return `${src} cannot move onto itself`;
      if (!game.moves.includes(`${src[0]}>${dst[0]}`)) return `no move from ${src} to ${dst} in this game`;
      if (game.opening && home(pos) <= dealtHome && !game.opening.includes(`${src[0]}>${dst[0]}`))
        return `until a card is home only ${game.opening.join(', ')} may be played`;
      if (from.length === 0) return `${src} is empty`;
      if (count < 1 || count > from.length) return `${src} has no ${count} cards to move`;
      const down = src[0] === 't' ? (pos.faceDown?.[Number(src.slice(1))] ?? 0) : 0;
      if (count > from.length - down) return 'a face-down card cannot move';
      const moving = from.slice(from.length - count);
      if (count > 1) {
        if (src[0] !== 't' || dst[0] !== 't') return 'only tableau piles move runs';
        if (game.tableau.runs === 'single') return 'only single cards move';
        if (game.tableau.runs === 'built')
          for (let i = 1; i < count; i++)
            if (onto(game.tableau.build, moving[i - 1]!, moving[i]!)) return `the top ${count} cards of ${src} are not a run`;
      }
      if (src[0] === 'f' && groupOf(Number(src.slice(1))).start === 'dealt' && from.length === 1)
        return "a foundation's first card never leaves";
      const index = Number(dst.slice(1));
      const why = dst[0] === 'f' ? toFoundation(pos, index, moving[0]!) : toTableau(pos, index, moving[0]!, count);
      if (why) return why;

      const next = copy(pos);
      const left = pile(next, src)!;
      left.splice(from.length - count, count);
      pile(next, dst)!.push(...moving);
      let text = `${moving.map(shown).join(' ')} ${src} → ${dst}`;
      const to: PlayedMove['to'] = [{ pile: dst, count }];
      if (dst[0] === 'f' && groupOf(index).start === 'base-rank' && (next.base === null || next.base === undefined)) {
        // The first foundation card fixes the base rank.
        next.base = moving[0]![0]!;
        text += `, base rank ${next.base}`;
      }
      if (src[0] === 't') {
        const t = Number(src.slice(1));
        if (down > 0 && left.length === down) {
          next.faceDown![t] = down - 1;
          text += `; ${shown(left[left.length - 1]!)} turned up`;
        }
        // An emptied pile is filled at once where the rules say so.
        const filler = left.length === 0 ? fillers(next).find((f) => f.length > 0) : undefined;
        if (filler) {
          const card = filler.pop()!;
          left.push(card);
          to.push({ pile: src, count: 1 });
          text += `; ${src} filled with ${shown(card)} from the ${filler === next.waste ? 'waste' : 'stock'}`;
        }
      }
      return { pos: next, from: src, to, text };
    }

    return {
      play,
      home,
      total: (): number => 52 * game.decks,
      /** Whether the reserve's cards under its top are face down. */
      hiddenReserve: (i: number): boolean => game.reserves[i]?.visible === 'top',
      hasWaste: (): boolean => waste,
      hasBaseRank: (): boolean => game.foundations.some((g) => g.start === 'base-rank'),
      /** What an empty foundation takes, written on its place. */
      emptyFoundation: (pos: Position, f: number): string => {
        const g = groupOf(f);
        if (g.start === 'dealt') return '';
        if (g.start === 'base-rank') return pos.base ?? 'any';
        return `${RANKS[g.start - 1]} ${g.build.step > 0 ? '↑' : '↓'}`;
      },
      shown,
      isRed,
    };
  }

  return { forGame };
}
