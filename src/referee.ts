// An independent referee: replays a line of moves and checks every one against RULES.md.
//
// It shares nothing with the engine's move generator (src/engine/*) on purpose: it is written
// straight from the rules, works on card names, copies positions freely and never cares about
// speed, so that a win the solver reports is confirmed by a second, plainly written reading of
// the rules. Comments cite the rule ids of /work/shared/RULES.md.
import { colourOf, parseCard, parseRank, rankName, rankOf, suitOf } from './cards.js';
import type { Position } from './position.js';

export type Verdict =
  /** wonAt: the number of moves after which every card was first home (null if never). */
  { ok: true; won: boolean; wonAt: number | null; final: Position } | { ok: false; index: number; move: string; reason: string };

// ---------------------------------------------------------------------------------------------
// Cards, read from their two-character names.

const rank = (card: string): number => rankOf(parseCard(card));
const suit = (card: string): number => suitOf(parseCard(card));
const isRed = (card: string): boolean => colourOf(parseCard(card)) === 1;
const differentColour = (a: string, b: string): boolean => isRed(a) !== isRed(b);
const sameSuit = (a: string, b: string): boolean => suit(a) === suit(b);
/** The rank `by` steps above `r` (below for negative `by`), running round the corner: above K comes A. */
const wrapped = (r: number, by: number): number => ((((r - 1 + by) % 13) + 13) % 13) + 1;

const top = (pile: readonly string[]): string | undefined => pile[pile.length - 1];

// ---------------------------------------------------------------------------------------------
// Moves as written in FORMATS.md.

type Kind = 'f' | 't' | 'r' | 'w' | 's';
interface PileRef {
  kind: Kind;
  index: number;
  id: string;
}
type Move = { draw: true } | { draw: false; src: PileRef; dst: PileRef; count: number };

const KIND_WORD: Record<Kind, string> = { f: 'foundation', t: 'tableau pile', r: 'reserve', w: 'waste', s: 'stock' };

/** Reads `t3>f0`, `t2:3>t5` or `draw`; a string is the reason it is not well formed. */
function readMove(text: string): Move | string {
  if (text === 'draw') return { draw: true };
  const m = /^([ftr](?:0|[1-9]\d*)|[sw])(?::([1-9]\d*))?>([ftr](?:0|[1-9]\d*)|[sw])$/.exec(text);
  if (!m) return `'${text}' is not a move (FORMATS.md: SRC>DST, SRC:N>DST or draw)`;
  const count = m[2] === undefined ? 1 : Number(m[2]);
  if (count < 1) return `'${text}': a move takes at least one card`;
  return { draw: false, src: readPileId(m[1]!), dst: readPileId(m[3]!), count };
}

function readPileId(id: string): PileRef {
  const kind = id[0] as Kind;
  return { kind, index: id.length > 1 ? Number(id.slice(1)) : 0, id };
}

/** The pile a reference names, or undefined if the game has no such pile. */
function pileAt(pos: Position, ref: PileRef, rules: GameRules): string[] | undefined {
  switch (ref.kind) {
    case 'f':
      return pos.foundations[ref.index];
    case 't':
      return pos.tableau[ref.index];
    case 'r':
      return pos.reserves[ref.index];
    case 's':
      return pos.stock;
    case 'w':
      return rules.hasWaste ? pos.waste : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The four games, each as a handful of plain questions about a position.

interface GameRules {
  decks: number;
  hasWaste: boolean;
  /** Which pile kinds may play to which, as `src>dst`, and the rule that lists them. */
  moves: readonly string[];
  movesRule: string;
  /** Whether several cards may move as a unit (only Double Dot's runs). */
  runs: boolean;
  /** The rule to cite when a run is tried in a game without runs. */
  singleRule: string;
  /** null if foundation `f` accepts `card` now, else the reason. */
  foundationAccepts(pos: Position, f: number, card: string): string | null;
  /** null if tableau pile `t` accepts `card` (the bottom card of what moves) now, else the reason. */
  tableauAccepts(pos: Position, t: number, card: string): string | null;
  /** null if the top card of foundation `f` may leave it, else the reason. */
  foundationMayGive(pos: Position, f: number): string | null;
  /** Whether `upper` may lie on `lower` inside a run (Double Dot only). */
  runFollows?(lower: string, upper: string): boolean;
  draw: 'to-waste' | 'to-every-tableau-pile';
  drawRule: string;
  /** What happens at once after a card move, as part of it (Double Signora's DS-3 and DS-7). */
  afterMove?(pos: Position, move: Move & { draw: false }, moved: string[]): void;
}

const anyFoundationCardMayLeave = (): null => null;

// Double Signora -------------------------------------------------------------------------------

/** DS-4: on `lower` only the next rank up (with wrap) of the other colour. */
const signoraFoundationFollows = (lower: string, upper: string): boolean =>
  rank(upper) === wrapped(rank(lower), 1) && differentColour(lower, upper);

/** DS-5: on `lower` only the next rank down (with wrap) of the other colour. */
const signoraTableauFollows = (lower: string, upper: string): boolean =>
  rank(upper) === wrapped(rank(lower), -1) && differentColour(lower, upper);

const doubleSignora: GameRules = {
  decks: 4,
  hasWaste: true,
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'f>t'], // DS-6 (and its Decision: no f>f)
  movesRule: 'DS-6',
  runs: false,
  singleRule: 'DS-5',
  foundationAccepts(pos, f, card) {
    const pile = pos.foundations[f]!;
    const below = top(pile);
    if (below === undefined) {
      // DS-3: the very first foundation card may be anything; later ones start with the base rank.
      const base = pos.base ?? null;
      if (base === null) return null;
      return rank(card) === parseRank(base) ? null : `DS-3: an empty foundation takes only the base rank ${base}`;
    }
    if (pile.length >= 13) return 'DS-4: a foundation holds at most 13 cards';
    return signoraFoundationFollows(below, card) ? null : `DS-4: ${card} does not go on ${below} (up by one, alternating colour)`;
  },
  tableauAccepts(pos, t, card) {
    const below = top(pos.tableau[t]!);
    if (below === undefined) {
      // DS-7: a space exists only once stock and waste are used up; then it takes any card.
      return pos.stock.length === 0 && pos.waste.length === 0 ? null : 'DS-7: a space is filled from the waste or stock, not by the player';
    }
    return signoraTableauFollows(below, card) ? null : `DS-5: ${card} does not go on ${below} (down by one, alternating colour)`;
  },
  foundationMayGive: anyFoundationCardMayLeave,
  draw: 'to-waste',
  drawRule: 'DS-8',
  afterMove(pos, move, moved) {
    // DS-3: the first card ever played to a foundation fixes the base rank for good.
    if (move.dst.kind === 'f' && (pos.base ?? null) === null) pos.base = rankName(rank(moved[0]!));
    // DS-7: a tableau pile emptied by the move is filled at once from the waste, else the stock.
    if (move.src.kind === 't') {
      const pile = pos.tableau[move.src.index]!;
      if (pile.length === 0) {
        const filler = pos.waste.length > 0 ? pos.waste : pos.stock;
        const card = filler.pop();
        if (card !== undefined) pile.push(card);
      }
    }
  },
};

// Double Aces and Kings ------------------------------------------------------------------------

const ACE_FOUNDATIONS = 8; // DAK-1: f0..f7 are Ace foundations, f8..f15 King foundations.

const doubleAcesAndKings: GameRules = {
  decks: 4,
  hasWaste: true,
  // DAK-5: reserve, waste and slot cards to a foundation or a slot; foundation to foundation or slot.
  moves: ['r>f', 'r>t', 'w>f', 'w>t', 't>f', 't>t', 'f>f', 'f>t'],
  movesRule: 'DAK-5',
  runs: false,
  singleRule: 'DAK-4',
  foundationAccepts(pos, f, card) {
    const pile = pos.foundations[f]!;
    const below = top(pile);
    const acePile = f < ACE_FOUNDATIONS;
    // DAK-3: Ace piles start with any Ace and go up to K; King piles start with any King and go
    // down to A; suits do not matter and nothing wraps.
    if (below === undefined) {
      const wanted = acePile ? 1 : 13;
      return rank(card) === wanted
        ? null
        : `DAK-3: an empty ${acePile ? 'Ace' : 'King'} foundation takes only ${acePile ? 'an Ace' : 'a King'}`;
    }
    const wantedRank = acePile ? rank(below) + 1 : rank(below) - 1; // no wrap: 14 and 0 match nothing
    return rank(card) === wantedRank ? null : `DAK-3: ${card} does not go on ${below} (${acePile ? 'up' : 'down'} by one, no wrap)`;
  },
  tableauAccepts(pos, t) {
    // DAK-4: a slot holds one card; an empty slot takes any card.
    return pos.tableau[t]!.length === 0 ? null : 'DAK-4: a tableau slot holds only one card';
  },
  foundationMayGive: anyFoundationCardMayLeave,
  draw: 'to-waste',
  drawRule: 'DAK-6',
  // Decision: spaces are not auto-filled.
};

// Double Dot -----------------------------------------------------------------------------------

/** DD-4: on `lower` a card two ranks lower, any suit, with wrap (6 on 8, Q on A, K on 2). */
const dotTableauFollows = (lower: string, upper: string): boolean => rank(upper) === wrapped(rank(lower), -2);

const doubleDot: GameRules = {
  decks: 1,
  hasWaste: false, // DD-1
  moves: ['t>f', 't>t', 'f>t'], // DD-6
  movesRule: 'DD-6',
  runs: true,
  singleRule: 'DD-6',
  foundationAccepts(pos, f, card) {
    const pile = pos.foundations[f]!;
    const below = top(pile);
    // DD-2: every foundation is dealt its first card; an empty one cannot occur in a real game.
    if (below === undefined) return 'DD-2: a Double Dot foundation always keeps its first card';
    if (pile.length >= 13) return 'DD-3: a foundation holds 13 cards';
    // DD-3: up by two in suit, with wrap.
    return sameSuit(below, card) && rank(card) === wrapped(rank(below), 2)
      ? null
      : `DD-3: ${card} does not go on ${below} (up by two in suit)`;
  },
  tableauAccepts(pos, t, card) {
    const below = top(pos.tableau[t]!);
    if (below === undefined) return null; // DD-5: any card or run fills an empty pile.
    return dotTableauFollows(below, card) ? null : `DD-4: ${card} does not go on ${below} (down by two)`;
  },
  foundationMayGive(pos, f) {
    // DD-3: the first card never leaves.
    return pos.foundations[f]!.length > 1 ? null : "DD-3: a foundation's first card never leaves";
  },
  runFollows: dotTableauFollows, // DD-5: each card two ranks below the one under it.
  draw: 'to-every-tableau-pile',
  drawRule: 'DD-7',
};

// Mamy Susan -----------------------------------------------------------------------------------

const mamySusan: GameRules = {
  decks: 2,
  hasWaste: true,
  moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'r>t', 'f>t'], // MS-5
  movesRule: 'MS-5',
  runs: false,
  singleRule: 'MS-4',
  foundationAccepts(pos, f, card) {
    const below = top(pos.foundations[f]!);
    // MS-3 and the Decision: any Ace starts any empty foundation.
    if (below === undefined) return rank(card) === 1 ? null : 'MS-3: an empty foundation takes only an Ace';
    // MS-3: up by one in suit, no wrap (nothing goes on a K).
    return sameSuit(below, card) && rank(card) === rank(below) + 1 ? null : `MS-3: ${card} does not go on ${below} (up by one in suit)`;
  },
  tableauAccepts(pos, t, card) {
    const below = top(pos.tableau[t]!);
    if (below === undefined) return null; // MS-4: an empty pile takes any card.
    // MS-4: down by one, alternating colour, no wrap (nothing goes on an A).
    return rank(card) === rank(below) - 1 && differentColour(below, card)
      ? null
      : `MS-4: ${card} does not go on ${below} (down by one, alternating colour)`;
  },
  foundationMayGive: anyFoundationCardMayLeave,
  draw: 'to-waste',
  drawRule: 'MS-6',
};

const GAMES: Record<string, GameRules> = {
  'double-signora': doubleSignora,
  'double-aces-and-kings': doubleAcesAndKings,
  'double-dot': doubleDot,
  'mamy-susan': mamySusan,
};

function rulesOf(pos: Position): GameRules {
  const rules = GAMES[pos.game];
  if (!rules) throw new Error(`referee: unknown game '${pos.game}'`);
  return rules;
}

// ---------------------------------------------------------------------------------------------
// Checking and playing one move.

/** A deep copy, so that nothing the referee does reaches the caller's position. */
function copy(pos: Position): Position {
  const out: Position = {
    ...pos,
    foundations: pos.foundations.map((p) => [...p]),
    tableau: pos.tableau.map((p) => [...p]),
    reserves: pos.reserves.map((p) => [...p]),
    stock: [...pos.stock],
    waste: [...pos.waste],
  };
  return out;
}

/** Either the reason the move is illegal, or the position after it (a fresh copy). */
function attempt(pos: Position, text: string): { reason: string } | { next: Position } {
  const rules = rulesOf(pos);
  const move = readMove(text);
  if (typeof move === 'string') return { reason: move };
  return move.draw ? attemptDraw(pos, rules) : attemptCardMove(pos, rules, move);
}

function attemptDraw(pos: Position, rules: GameRules): { reason: string } | { next: Position } {
  if (pos.stock.length === 0) return { reason: `${rules.drawRule}: the stock is empty (no redeal)` };
  const next = copy(pos);
  if (rules.draw === 'to-waste') {
    // DS-8, DAK-6, MS-6: the stock's top card onto the waste.
    next.waste.push(next.stock.pop()!);
  } else {
    // DD-7: one card onto each tableau pile t0, t1, ... in order, empty piles included, while
    // the stock lasts.
    for (const pile of next.tableau) {
      const card = next.stock.pop();
      if (card === undefined) break;
      pile.push(card);
    }
  }
  return { next };
}

function attemptCardMove(pos: Position, rules: GameRules, move: Move & { draw: false }): { reason: string } | { next: Position } {
  const reason = whyCardMoveIllegal(pos, rules, move);
  if (reason !== null) return { reason };
  const next = copy(pos);
  const src = pileAt(next, move.src, rules)!;
  const dst = pileAt(next, move.dst, rules)!;
  const moved = src.splice(src.length - move.count, move.count);
  dst.push(...moved);
  rules.afterMove?.(next, move, moved);
  return { next };
}

function whyCardMoveIllegal(pos: Position, rules: GameRules, move: Move & { draw: false }): string | null {
  const { src, dst, count } = move;
  for (const ref of [src, dst]) {
    if (pileAt(pos, ref, rules) === undefined) return `${pos.game} has no pile ${ref.id}`;
  }
  if (src.kind === 's' || dst.kind === 's') return 'the stock only moves by draw';
  if (src.kind === dst.kind && src.index === dst.index) return `a card cannot move onto the pile it came from (${src.id})`;
  if (!rules.moves.includes(`${src.kind}>${dst.kind}`)) {
    return `${rules.movesRule}: no move from a ${KIND_WORD[src.kind]} to a ${KIND_WORD[dst.kind]}`;
  }
  const from = pileAt(pos, src, rules)!;
  if (from.length === 0) return `${src.id} is empty`;
  if (count > 1) {
    const why = whyRunIllegal(rules, move, from);
    if (why !== null) return why;
  }
  if (src.kind === 'f') {
    const why = rules.foundationMayGive(pos, src.index);
    if (why !== null) return why;
  }
  const bottom = from[from.length - count]!; // the card that lands on the destination's top
  return dst.kind === 'f' ? rules.foundationAccepts(pos, dst.index, bottom) : rules.tableauAccepts(pos, dst.index, bottom);
}

/** Why the top `count` (>= 2) cards of `from` may not move as a unit, or null if they may. */
function whyRunIllegal(rules: GameRules, move: Move & { draw: false }, from: readonly string[]): string | null {
  if (!rules.runs || !rules.runFollows) return `${rules.singleRule}: only single cards move`;
  if (move.src.kind !== 't' || move.dst.kind !== 't') return 'DD-6: only single cards go to or come from a foundation';
  if (move.count > from.length) return `${move.src.id} has only ${from.length} card(s)`;
  const run = from.slice(from.length - move.count);
  for (let i = 1; i < run.length; i++) {
    if (!rules.runFollows(run[i - 1]!, run[i]!)) {
      return `DD-5: the top ${move.count} cards of ${move.src.id} are not a run (${run[i]} on ${run[i - 1]})`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The public API.

/** null if the move is legal in this position, else a short reason naming the rule id. */
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

/** Whether every card of the game is on the foundations. */
function isWon(pos: Position): boolean {
  const onFoundations = pos.foundations.reduce((n, pile) => n + pile.length, 0);
  return onFoundations === 52 * rulesOf(pos).decks;
}

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
 * every length for Double Dot), and `draw`, each kept if the referee allows it.
 */
export function legalMoves(position: Position): string[] {
  const rules = rulesOf(position);
  const ids = [
    ...position.foundations.map((_, i) => `f${i}`),
    ...position.tableau.map((_, i) => `t${i}`),
    ...position.reserves.map((_, i) => `r${i}`),
    ...(rules.hasWaste ? ['w'] : []),
  ];
  const candidates: string[] = ['draw'];
  for (const src of ids) {
    for (const dst of ids) {
      candidates.push(`${src}>${dst}`);
      if (rules.runs && src.startsWith('t')) {
        const height = position.tableau[Number(src.slice(1))]!.length;
        for (let n = 2; n <= height; n++) candidates.push(`${src}:${n}>${dst}`);
      }
    }
  }
  return candidates.filter((m) => whyIllegal(position, m) === null);
}
