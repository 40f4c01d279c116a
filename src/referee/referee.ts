// An independent referee: replays a line of moves and checks every one against the game's rules.
//
// It reads the same rules data as the engine (the Game of a rules file, docs/rules.md) but shares
// none of its code (src/engine/*, src/games/build.ts): it is written straight from the rules, works
// on card names, copies positions freely and never cares about speed, so that a win the solver
// reports is confirmed by a second, plainly written reading of the rules. Its reasons name the
// key of the rules that forbids a move.
import { colourOf, parseCard, rankName, rankOf, suitOf } from '../notation/cards.js';
import { getGame, type Game } from '../games/index.js';
import type { Build, FoundationGroup } from '../games/types.js';
import type { Position } from '../position/position.js';
import { pileIdOf, readMoveText, type PileRef as NamedPile } from '../notation/moves.js';

export type Verdict =
  /** wonAt: the number of moves after which every card was first home (null if never). */
  { ok: true; won: boolean; wonAt: number | null; final: Position } | { ok: false; index: number; move: string; reason: string };

// ---------------------------------------------------------------------------------------------
// Cards and builds, read from the cards' names.

const rank = (card: string): number => rankOf(parseCard(card));
const top = (pile: readonly string[]): string | undefined => pile[pile.length - 1];

/** The rank `step` above `r` (below for a negative step); with wrap above K comes A; 0 off the end. */
function stepped(r: number, step: number, wrap: boolean): number {
  const next = r + step;
  if (wrap) return ((((next - 1) % 13) + 13) % 13) + 1;
  return next >= 1 && next <= 13 ? next : 0;
}

/** Whether `upper` may be laid on `lower` under a build; else why not. */
function whyNotOn(build: Build, lower: string, upper: string): string | null {
  if (build.step === 0) return 'nothing builds here (step 0)';
  const way = build.either ? 'above or below' : build.step > 0 ? 'above' : 'below';
  const steps = build.either ? [build.step, -build.step] : [build.step];
  if (!steps.some((step) => rank(upper) === stepped(rank(lower), step, build.wrap)))
    return `${upper} is not ${Math.abs(build.step)} rank(s) ${way} ${lower}${build.wrap ? '' : ' (no wrap)'}`;
  if (build.suit === 'same-suit' && suitOf(parseCard(upper)) !== suitOf(parseCard(lower))) return `${upper} is not of ${lower}'s suit`;
  if (build.suit === 'alternate-colour' && colourOf(parseCard(upper)) === colourOf(parseCard(lower)))
    return `${upper} is not of the other colour than ${lower}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Moves as written in FORMATS.md.

type Kind = 'f' | 't' | 'r' | 'w';
interface PileRef {
  kind: Kind;
  index: number;
  id: string;
}
type Move = { draw: true } | { redeal: true } | { src: PileRef; dst: PileRef; count: number };
type CardMove = Extract<Move, { src: PileRef }>;

/** Reads `t3>f0`, `t2:3>t5`, `draw` or `redeal`; a string is the reason it is not well formed. */
function readMove(text: string): Move | string {
  const move = readMoveText(text);
  if (move === null) return `'${text}' is not a move (FORMATS.md: SRC>DST, SRC:N>DST, draw or redeal)`;
  if (move.kind === 'draw') return { draw: true };
  if (move.kind === 'redeal') return { redeal: true };
  const ref = ({ letter, index }: NamedPile): PileRef => ({ kind: letter as Kind, index, id: pileIdOf(letter, index) });
  return { src: ref(move.src), dst: ref(move.dst), count: move.count };
}

function pileAt(pos: Position, game: Game, ref: PileRef): string[] | undefined {
  if (ref.kind === 'w') return game.stock.draw === 'to-waste' ? pos.waste : undefined;
  return { f: pos.foundations, t: pos.tableau, r: pos.reserves }[ref.kind][ref.index];
}

// ---------------------------------------------------------------------------------------------
// The questions the rules answer about a position.

/** The group of foundation `f`. */
function groupOf(game: Game, f: number): FoundationGroup {
  let first = 0;
  for (const group of game.foundations) {
    if (f < first + group.count) return group;
    first += group.count;
  }
  throw new Error(`referee: no foundation f${f}`);
}

const dealtFirstCards = (game: Game): number => game.foundations.reduce((n, g) => n + g.firstCards.length, 0);
const cardsHome = (pos: Position): number => pos.foundations.reduce((n, p) => n + p.length, 0);

function whyFoundationRefuses(pos: Position, game: Game, f: number, card: string): string | null {
  const group = groupOf(game, f);
  const pile = pos.foundations[f]!;
  if (pile.length >= group.max) return `foundations: f${f} is full (${group.max} cards)`;
  const below = top(pile);
  if (below !== undefined) {
    const why = whyNotOn(group.build, below, card);
    return why === null ? null : `foundations.build: ${why}`;
  }
  if (group.start === 'dealt') return `foundations.start: f${f} keeps its dealt first card`;
  if (group.start === 'base-rank') {
    return pos.base === null || pos.base === undefined || rankName(rank(card)) === pos.base
      ? null
      : `foundations.start: an empty foundation takes only the base rank ${pos.base}`;
  }
  return rank(card) === group.start ? null : `foundations.start: an empty f${f} takes only a ${rankName(group.start)}`;
}

/** The piles that fill an emptied tableau pile at once, in order. */
function fillers(pos: Position, game: Game): string[][] {
  const fill = game.tableau.autoFill;
  return fill === 'waste-then-stock' ? [pos.waste, pos.stock] : fill === 'stock' ? [pos.stock] : [];
}

function whyTableauRefuses(pos: Position, game: Game, t: number, bottom: string, count: number): string | null {
  const pile = pos.tableau[t]!;
  if (pile.length + count > game.tableau.capacity) return `tableau.capacity: t${t} holds at most ${game.tableau.capacity} card(s)`;
  const below = top(pile);
  if (below !== undefined) {
    const why = whyNotOn(game.tableau.build, below, bottom);
    return why === null ? null : `tableau.build: ${why}`;
  }
  if (fillers(pos, game).some((p) => p.length > 0)) return 'tableau.autoFill: a space is filled at once while the piles that fill it last';
  if (game.tableau.spaces === 'none') return 'tableau.spaces: nothing may be put into an empty pile';
  if (game.tableau.spaces === 'kings' && rank(bottom) !== 13)
    return `tableau.spaces: only a King (or a run from one) fills a space, not ${bottom}`;
  return null;
}

function whyCardMoveIllegal(pos: Position, game: Game, move: CardMove): string | null {
  const { src, dst, count } = move;
  for (const ref of [src, dst]) if (pileAt(pos, game, ref) === undefined) return `${pos.game} has no pile ${ref.id}`;
  if (src.id === dst.id) return `a card cannot move onto the pile it came from (${src.id})`;
  if (!(game.moves as string[]).includes(`${src.kind}>${dst.kind}`)) return `moves: the rules have no ${src.kind}>${dst.kind}`;
  if (game.opening && cardsHome(pos) <= dealtFirstCards(game) && !(game.opening as string[]).includes(`${src.kind}>${dst.kind}`))
    return `opening: until a card is home the rules allow only ${game.opening.join(', ')}`;
  const from = pileAt(pos, game, src)!;
  if (from.length === 0) return `${src.id} is empty`;
  if (count > from.length) return `${src.id} has only ${from.length} card(s)`;
  if (src.kind === 't' && count > from.length - (pos.faceDown?.[src.index] ?? 0)) return `${src.id}: a face-down card cannot move`;
  if (count > 1) {
    if (src.kind !== 't' || dst.kind !== 't') return 'only tableau piles move runs';
    if (game.tableau.runs === 'single') return 'tableau.runs: only single cards move';
    const run = from.slice(from.length - count);
    if (game.tableau.runs === 'built') {
      for (let i = 1; i < run.length; i++) {
        const why = whyNotOn(game.tableau.build, run[i - 1]!, run[i]!);
        if (why !== null) return `tableau.runs: the top ${count} cards of ${src.id} are not a built run (${why})`;
      }
    }
  }
  if (src.kind === 'f' && groupOf(game, src.index).start === 'dealt' && from.length === 1)
    return `foundations.start: the dealt first card of ${src.id} never leaves`;
  const bottom = from[from.length - count]!;
  return dst.kind === 'f' ? whyFoundationRefuses(pos, game, dst.index, bottom) : whyTableauRefuses(pos, game, dst.index, bottom, count);
}

// ---------------------------------------------------------------------------------------------
// Playing one move.

/** A deep copy, so that nothing the referee does reaches the caller's position. */
function copy(pos: Position): Position {
  return {
    ...pos,
    foundations: pos.foundations.map((p) => [...p]),
    tableau: pos.tableau.map((p) => [...p]),
    reserves: pos.reserves.map((p) => [...p]),
    stock: [...pos.stock],
    waste: [...pos.waste],
    ...(pos.faceDown ? { faceDown: [...pos.faceDown] } : {}),
  };
}

/** Either the reason the move is illegal, or the position after it (a fresh copy). */
function attempt(pos: Position, text: string): { reason: string } | { next: Position } {
  const game = getGame(pos.game);
  const move = readMove(text);
  if (typeof move === 'string') return { reason: move };
  if ('draw' in move) return draw(pos, game);
  if ('redeal' in move) return redeal(pos, game);
  const reason = whyCardMoveIllegal(pos, game, move);
  if (reason !== null) return { reason };
  const next = copy(pos);
  const from = pileAt(next, game, move.src)!;
  const moved = from.splice(from.length - move.count, move.count);
  pileAt(next, game, move.dst)!.push(...moved);
  if (move.dst.kind === 'f' && groupOf(game, move.dst.index).start === 'base-rank' && (next.base ?? null) === null)
    next.base = rankName(rank(moved[0]!));
  if (move.src.kind === 't') {
    // The card a move uncovers turns face up as part of it; an emptied pile fills at once.
    const down = next.faceDown?.[move.src.index] ?? 0;
    if (down > 0 && from.length === down) next.faceDown![move.src.index] = down - 1;
    if (from.length === 0) {
      const filler = fillers(next, game).find((p) => p.length > 0);
      if (filler) from.push(filler.pop()!);
    }
  }
  return { next };
}

function draw(pos: Position, game: Game): { reason: string } | { next: Position } {
  if (pos.stock.length === 0) return { reason: `the stock is empty${game.stock.redeals > 0 ? ' (redeal turns the waste over)' : ''}` };
  if (game.stock.lockedUntilFoundation && cardsHome(pos) <= dealtFirstCards(game))
    return { reason: 'stock.lockedUntilFoundation: the stock is locked until a card is played to a foundation' };
  const next = copy(pos);
  if (game.stock.draw === 'to-waste') {
    for (let i = 0; i < game.stock.drawCount && next.stock.length > 0; i++) next.waste.push(next.stock.pop()!);
  } else {
    // One card onto each tableau pile t0, t1, ... in order, empty piles included, while the stock lasts.
    for (const pile of next.tableau) {
      const card = next.stock.pop();
      if (card === undefined) break;
      pile.push(card);
    }
  }
  return { next };
}

function redeal(pos: Position, game: Game): { reason: string } | { next: Position } {
  const made = pos.redeals ?? 0;
  if (made >= game.stock.redeals) return { reason: `stock.redeals: ${game.stock.redeals} redeal(s) allowed, ${made} made` };
  if (pos.stock.length > 0) return { reason: 'redeal: the stock is not empty yet' };
  if (pos.waste.length === 0) return { reason: 'redeal: the waste is empty' };
  // The card turned first comes first again: the waste's bottom card becomes the stock's top.
  return { next: { ...copy(pos), stock: [...pos.waste].reverse(), waste: [], redeals: made + 1 } };
}

// ---------------------------------------------------------------------------------------------
// The public API.

/** null if the move is legal in this position, else a short reason naming the rules' key. */
export function whyIllegal(position: Position, move: string): string | null {
  const result = attempt(position, move);
  return 'reason' in result ? result.reason : null;
}

/** The position after one legal move (a fresh copy); throws Error on an illegal move. */
export function play(position: Position, move: string): Position {
  const result = attempt(position, move);
  if ('reason' in result) throw new Error(`illegal move ${move}: ${result.reason}`);
  return result.next;
}

const isWon = (pos: Position): boolean => cardsHome(pos) === 52 * getGame(pos.game).decks;

/**
 * Replays moves (FORMATS.md notation) from a position; never mutates the input. Stops at the
 * first illegal move. Throws only for a position of an unknown game.
 */
export function replay(position: Position, moves: readonly string[]): Verdict {
  let pos = copy(position);
  let wonAt: number | null = null;
  for (let index = 0; index < moves.length; index++) {
    const move = moves[index]!;
    if (wonAt === null && isWon(pos)) wonAt = index;
    const result = attempt(pos, move);
    if ('reason' in result) return { ok: false, index, move, reason: result.reason };
    pos = result.next;
  }
  const won = isWon(pos);
  return { ok: true, won, wonAt: wonAt ?? (won ? moves.length : null), final: pos };
}

/**
 * Every legal move of the position in FORMATS.md notation: every pile to every pile (runs of
 * every length from a tableau pile), `draw` and `redeal`, each kept if the referee allows it.
 */
export function legalMoves(position: Position): string[] {
  const game = getGame(position.game);
  const ids = [
    ...position.foundations.map((_, i) => `f${i}`),
    ...position.tableau.map((_, i) => `t${i}`),
    ...position.reserves.map((_, i) => `r${i}`),
    ...(game.stock.draw === 'to-waste' ? ['w'] : []),
  ];
  const candidates: string[] = ['draw', 'redeal'];
  for (const src of ids) {
    for (const dst of ids) {
      candidates.push(`${src}>${dst}`);
      if (src.startsWith('t')) {
        const height = position.tableau[Number(src.slice(1))]!.length;
        for (let n = 2; n <= height; n++) candidates.push(`${src}:${n}>${dst}`);
      }
    }
  }
  return candidates.filter((m) => whyIllegal(position, m) === null);
}
