// The position as the engine holds it: one Uint8Array of cards (pile p's cards at
// p * stride .. p * stride + len[p] - 1, bottom to top), pile lengths, Double Signora's base rank,
// and the Zobrist key, kept up to date by push and pop.
import { cardName, parseCard, parseRank, rankName } from '../cards.js';
import type { Position } from '../deal.js';
import type { CompiledGame } from './game.js';
import type { Rules } from './rules.js';
import { mix32, type Zobrist } from './zobrist.js';

/** Longest line of moves a state can record for undo (the search's depth limit). */
export const MAX_LINE = 1 << 17;

// The salts of a hold (see State.heldFrom): the foundation's, and the one the held pile's is made from.
const LINK_LO = 0x6a09e667;
const LINK_HI = 0xbb67ae85;
const HELD_LO = 0x3c6ef372;
const HELD_HI = 0xa54ff53a;

/**
 * Salts (or, with `salted`, unsalts) held pile x and its foundation f in one image's pile hashes:
 * f by its own salt, x by a salt made from f's hash without it.
 */
function saltPiles(lo: Uint32Array, hi: Uint32Array, x: number, f: number, salted: boolean): void {
  const fLo = salted ? lo[f]! ^ LINK_LO : lo[f]!;
  const fHi = salted ? hi[f]! ^ LINK_HI : hi[f]!;
  lo[x] = (lo[x]! ^ mix32((fLo ^ HELD_LO) >>> 0)) >>> 0;
  hi[x] = (hi[x]! ^ mix32((fHi ^ HELD_HI) >>> 0)) >>> 0;
  lo[f] = (lo[f]! ^ LINK_LO) >>> 0;
  hi[f] = (hi[f]! ^ LINK_HI) >>> 0;
}

export class State {
  readonly rules: Rules;
  readonly zobrist: Zobrist;
  readonly stride: number;
  readonly cards: Uint8Array;
  readonly len: Uint8Array;
  /** Double Signora's base rank, 0 while none is fixed. */
  base = 0;
  keyLo = 0;
  keyHi = 0;
  readonly pileLo: Uint32Array;
  readonly pileHi: Uint32Array;
  /**
   * How many suit images of the position its key stands for: 1 (the position alone) or, after
   * setSymmetric(true), all rules.images of them, the key being the sum of their keys.
   */
  images = 1;
  /** Each image's pile hashes, [image * nPiles + pile], images 1.. (image 0 is pileLo/pileHi). */
  private readonly imageLo: Uint32Array;
  private readonly imageHi: Uint32Array;
  /** Hash class of each pile now (Double Dot tells tableau piles apart until the stock is out). */
  pileClass: Uint8Array;
  /** Scratch for canonical move generation: the first pile identical to each pile. */
  readonly twinOf: Uint8Array;
  /** Scratch pile hashes for hashing from scratch. */
  private readonly scratchLo: Uint32Array;
  private readonly scratchHi: Uint32Array;
  /**
   * The take-back rule (src/search/holds.ts has its proof), once setTakeBackRule(true): a card
   * moved off foundation F onto pile X is held on X until a move touches X or F. heldFrom[X] is
   * F (-1: X holds none), heldOn[F] is X (-1: none). A held pile's hash carries a salt naming the
   * content of its foundation, the foundation's a salt of its own, so the key, and the twins of
   * canonical generation, tell held piles from free ones.
   */
  takeBackRule = false;
  readonly heldFrom: Int8Array;
  readonly heldOn: Int8Array;
  holds = 0;
  /** Holds cleared by the moves on the line, (X | F << 8) each, for undo (count in lineInfo). */
  readonly clearedHolds = new Int16Array(MAX_LINE);
  clearedTop = 0;
  /** Moves applied, and what each did besides (see moves.ts), for undo. */
  readonly line = new Int32Array(MAX_LINE);
  readonly lineInfo = new Int32Array(MAX_LINE);
  depth = 0;
  seed: number | undefined;

  constructor(game: CompiledGame) {
    const { rules, zobrist } = game;
    this.rules = rules;
    this.zobrist = zobrist;
    this.stride = rules.totalCards;
    this.cards = new Uint8Array(rules.nPiles * this.stride);
    this.len = new Uint8Array(rules.nPiles);
    this.pileLo = new Uint32Array(rules.nPiles);
    this.pileHi = new Uint32Array(rules.nPiles);
    this.twinOf = new Uint8Array(rules.nPiles);
    this.imageLo = new Uint32Array(rules.images * rules.nPiles);
    this.imageHi = new Uint32Array(rules.images * rules.nPiles);
    this.pileClass = rules.drawToTableau ? zobrist.ownClass : zobrist.sharedClass;
    this.scratchLo = new Uint32Array(rules.nPiles);
    this.scratchHi = new Uint32Array(rules.nPiles);
    this.heldFrom = new Int8Array(rules.nPiles).fill(-1);
    this.heldOn = new Int8Array(rules.nPiles).fill(-1);
  }

  /** A state of `game` holding `pos` (a position of that game). */
  static fromPosition(game: CompiledGame, pos: Position): State {
    const s = new State(game);
    s.load(pos);
    return s;
  }

  /** Sets this state to a position of the same game, with no moves recorded. */
  load(pos: Position): void {
    const s = this;
    const r = s.rules;
    if (pos.game !== r.game.id) throw new Error(`a ${r.game.id} state cannot hold a ${pos.game} position`);
    s.len.fill(0);
    s.depth = 0;
    s.heldFrom.fill(-1);
    s.heldOn.fill(-1);
    s.holds = 0;
    s.clearedTop = 0;
    s.pileClass = r.drawToTableau ? s.zobrist.ownClass : s.zobrist.sharedClass;
    const fill = (p: number, pile: string[]): void => {
      for (const name of pile) s.push(p, parseCard(name));
    };
    pos.foundations.forEach((pile, i) => fill(i, pile));
    pos.tableau.forEach((pile, i) => fill(r.firstTableau + i, pile));
    pos.reserves.forEach((pile, i) => fill(r.firstReserve + i, pile));
    fill(r.stock, pos.stock);
    fill(r.waste, pos.waste);
    s.base = pos.base ? parseRank(pos.base) : 0;
    s.seed = pos.seed;
    if (r.drawToTableau && pos.stock.length === 0) s.pileClass = s.zobrist.sharedClass;
    s.rehash();
  }

  toPosition(): Position {
    const r = this.rules;
    const pile = (p: number): string[] => Array.from(this.cards.subarray(p * this.stride, p * this.stride + this.len[p]!), cardName);
    const range = (first: number, n: number): string[][] => Array.from({ length: n }, (_, i) => pile(first + i));
    const pos: Position = {
      game: r.game.id,
      ...(this.seed !== undefined ? { seed: this.seed } : {}),
      foundations: range(0, r.nFoundations),
      tableau: range(r.firstTableau, r.nTableau),
      reserves: range(r.firstReserve, r.nReserves),
      stock: pile(r.stock),
      waste: pile(r.waste),
    };
    if (r.usesBaseRank) pos.base = this.base ? rankName(this.base) : null;
    return pos;
  }

  top(p: number): number {
    return this.cards[p * this.stride + this.len[p]! - 1]!;
  }

  push(p: number, card: number): void {
    const d = this.len[p]!;
    this.cards[p * this.stride + d] = card;
    this.len[p] = d + 1;
    this.toggle(p, d, card);
  }

  pop(p: number): number {
    const d = this.len[p]! - 1;
    const card = this.cards[p * this.stride + d]!;
    this.len[p] = d;
    this.toggle(p, d, card);
    return card;
  }

  /** XORs a card at a depth into its pile's hash and moves the key by the change. */
  private toggle(p: number, depth: number, card: number): void {
    const z = this.zobrist;
    const at = (this.pileClass[p]! * z.stride + depth) * z.identities;
    const i = at + this.rules.identity[card]!;
    const oldLo = this.pileLo[p]!;
    const oldHi = this.pileHi[p]!;
    const newLo = (oldLo ^ z.lo[i]!) >>> 0;
    const newHi = (oldHi ^ z.hi[i]!) >>> 0;
    this.pileLo[p] = newLo;
    this.pileHi[p] = newHi;
    this.keyLo = (this.keyLo - mix32(oldLo) + mix32(newLo)) >>> 0;
    this.keyHi = (this.keyHi - mix32(oldHi ^ 0x9e3779b9) + mix32(newHi ^ 0x9e3779b9)) >>> 0;
    if (this.images > 1) this.toggleImages(p, at, card);
  }

  /** The same change in every other suit image's pile hash and key (their card is the image's). */
  private toggleImages(p: number, at: number, card: number): void {
    const z = this.zobrist;
    const r = this.rules;
    let keyLo = this.keyLo;
    let keyHi = this.keyHi;
    for (let image = 1; image < this.images; image++) {
      const i = at + r.identity[r.suitImage[image * 52 + card]!]!;
      const k = image * r.nPiles + p;
      const oldLo = this.imageLo[k]!;
      const oldHi = this.imageHi[k]!;
      const newLo = (oldLo ^ z.lo[i]!) >>> 0;
      const newHi = (oldHi ^ z.hi[i]!) >>> 0;
      this.imageLo[k] = newLo;
      this.imageHi[k] = newHi;
      keyLo = keyLo - mix32(oldLo) + mix32(newLo);
      keyHi = keyHi - mix32(oldHi ^ 0x9e3779b9) + mix32(newHi ^ 0x9e3779b9);
    }
    this.keyLo = keyLo >>> 0;
    this.keyHi = keyHi >>> 0;
  }

  /**
   * Keys the position together with its suit images (a game's proved suit swaps; see
   * Game.suitSwaps), so that a search enters one of them only: they are won or lost together.
   * A table must not mix keys made with and without (clear it when this changes).
   */
  setSymmetric(yes: boolean): void {
    this.images = yes ? this.rules.images : 1;
    this.rehash();
  }

  /**
   * Turns the take-back rule on or off (a search's root: no card is held then). A table must not
   * mix keys made with and without it.
   */
  setTakeBackRule(yes: boolean): void {
    this.takeBackRule = yes;
    this.heldFrom.fill(-1);
    this.heldOn.fill(-1);
    this.holds = 0;
    this.clearedTop = 0;
    this.rehash();
  }

  /** Holds the top card of `x`, just moved off foundation `f`. */
  hold(x: number, f: number): void {
    this.heldFrom[x] = f;
    this.heldOn[f] = x;
    this.holds++;
    this.saltHold(x, f, false);
  }

  /** Ends the hold on `x` (moved off foundation `f`), noting it for undo. */
  release(x: number, f: number): void {
    this.saltHold(x, f, true);
    this.heldFrom[x] = -1;
    this.heldOn[f] = -1;
    this.holds--;
    this.clearedHolds[this.clearedTop++] = x | (f << 8);
  }

  /** Undoes the last release. */
  restoreHold(): void {
    const h = this.clearedHolds[--this.clearedTop]!;
    this.hold(h & 255, h >> 8);
  }

  /**
   * The key the position would have with no card held: the key less what the holds' salts add
   * (`freeLo`, `freeHi` after the call).
   */
  freeKey(): void {
    let lo = this.keyLo;
    let hi = this.keyHi;
    const n = this.rules.nPiles;
    for (let x = 0; x < n; x++) {
      const f = this.heldFrom[x]!;
      if (f < 0) continue;
      for (let image = 0; image < this.images; image++) {
        const pLo = image === 0 ? this.pileLo : this.imageLo;
        const pHi = image === 0 ? this.pileHi : this.imageHi;
        const i = image * n;
        const xLo = pLo[i + x]!;
        const xHi = pHi[i + x]!;
        const fLo = pLo[i + f]!;
        const fHi = pHi[i + f]!;
        const rawFLo = (fLo ^ LINK_LO) >>> 0;
        const rawFHi = (fHi ^ LINK_HI) >>> 0;
        const rawXLo = (xLo ^ mix32((rawFLo ^ HELD_LO) >>> 0)) >>> 0;
        const rawXHi = (xHi ^ mix32((rawFHi ^ HELD_HI) >>> 0)) >>> 0;
        lo += mix32(rawXLo) + mix32(rawFLo) - mix32(xLo) - mix32(fLo);
        hi += mix32((rawXHi ^ 0x9e3779b9) >>> 0) + mix32((rawFHi ^ 0x9e3779b9) >>> 0) - mix32((xHi ^ 0x9e3779b9) >>> 0) - mix32((fHi ^ 0x9e3779b9) >>> 0);
      }
    }
    this.freeLo = lo >>> 0;
    this.freeHi = hi >>> 0;
  }
  freeLo = 0;
  freeHi = 0;

  /** Drops the hold made by the last move (on `x`, off `f`), as undo does. */
  unhold(x: number, f: number): void {
    this.saltHold(x, f, true);
    this.heldFrom[x] = -1;
    this.heldOn[f] = -1;
    this.holds--;
  }

  /**
   * XORs a hold's salts into (or, with `salted`, out of) both piles' hashes, in every image, and
   * moves the key: the held pile's salt is made from the foundation's hash without its own salt.
   */
  private saltHold(x: number, f: number, salted: boolean): void {
    const n = this.rules.nPiles;
    for (let image = 0; image < this.images; image++) {
      const lo = image === 0 ? this.pileLo : this.imageLo;
      const hi = image === 0 ? this.pileHi : this.imageHi;
      const i = image * n;
      const keyLo = this.keyLo - mix32(lo[i + x]!) - mix32(lo[i + f]!);
      const keyHi = this.keyHi - mix32((hi[i + x]! ^ 0x9e3779b9) >>> 0) - mix32((hi[i + f]! ^ 0x9e3779b9) >>> 0);
      saltPiles(lo, hi, i + x, i + f, salted);
      this.keyLo = (keyLo + mix32(lo[i + x]!) + mix32(lo[i + f]!)) >>> 0;
      this.keyHi = (keyHi + mix32((hi[i + x]! ^ 0x9e3779b9) >>> 0) + mix32((hi[i + f]! ^ 0x9e3779b9) >>> 0)) >>> 0;
    }
  }

  setBase(rank: number): void {
    const z = this.zobrist;
    this.keyLo = (this.keyLo - z.baseLo[this.base]! + z.baseLo[rank]!) >>> 0;
    this.keyHi = (this.keyHi - z.baseHi[this.base]! + z.baseHi[rank]!) >>> 0;
    this.base = rank;
  }

  /** Switches Double Dot's tableau piles to one hash class once no draw can reach them. */
  setTableauInterchangeable(yes: boolean): void {
    this.pileClass = yes ? this.zobrist.sharedClass : this.zobrist.ownClass;
    this.rehash();
  }

  /** Recomputes every pile hash and the key from scratch. */
  rehash(): void {
    this.hashPiles(true);
  }

  /** The key computed from the cards alone (tests compare it with the incremental one). */
  keyFromScratch(): [number, number] {
    const lo = this.keyLo;
    const hi = this.keyHi;
    this.hashPiles(false);
    const fresh: [number, number] = [this.keyLo, this.keyHi];
    this.keyLo = lo;
    this.keyHi = hi;
    return fresh;
  }

  /** Sets the key from the cards alone; with `store`, each pile's hash too. */
  private hashPiles(store: boolean): void {
    const z = this.zobrist;
    const r = this.rules;
    const lo = this.scratchLo;
    const hi = this.scratchHi;
    let keyLo = z.baseLo[this.base]!;
    let keyHi = z.baseHi[this.base]!;
    for (let image = 0; image < this.images; image++) {
      for (let p = 0; p < r.nPiles; p++) {
        let pLo = 0;
        let pHi = 0;
        for (let d = 0; d < this.len[p]!; d++) {
          const card = r.suitImage[image * 52 + this.cards[p * this.stride + d]!]!;
          const i = (this.pileClass[p]! * z.stride + d) * z.identities + r.identity[card]!;
          pLo ^= z.lo[i]!;
          pHi ^= z.hi[i]!;
        }
        lo[p] = pLo >>> 0;
        hi[p] = pHi >>> 0;
      }
      for (let x = 0; x < r.nPiles; x++) if (this.heldFrom[x]! >= 0) saltPiles(lo, hi, x, this.heldFrom[x]!, false);
      if (store) {
        (image === 0 ? this.pileLo : this.imageLo).set(lo, image * r.nPiles);
        (image === 0 ? this.pileHi : this.imageHi).set(hi, image * r.nPiles);
      }
      for (let p = 0; p < r.nPiles; p++) {
        keyLo += mix32(lo[p]!);
        keyHi += mix32((hi[p]! ^ 0x9e3779b9) >>> 0);
      }
    }
    this.keyLo = keyLo >>> 0;
    this.keyHi = keyHi >>> 0;
  }


  /**
   * Whether every card of lower rank than `card` is home, for games whose foundations build up in
   * suit from the Ace (Mamy Susan's safe move home, src/search/safe.ts): its rank is at most one
   * above the lowest foundation.
   */
  lowerRanksHome(card: number): boolean {
    let lowest = 13;
    for (let f = 0; f < this.rules.nFoundations; f++) if (this.len[f]! < lowest) lowest = this.len[f]!;
    return (card >> 2) + 1 <= lowest + 1;
  }

  /** Cards on the foundations: the game is won when it equals every card. */
  foundationCards(): number {
    let n = 0;
    for (let f = 0; f < this.rules.nFoundations; f++) n += this.len[f]!;
    return n;
  }

  isWon(): boolean {
    return this.foundationCards() === this.rules.totalCards;
  }
}
