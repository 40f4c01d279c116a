// The position as the engine holds it: one Uint8Array of cards (pile p's cards at
// p * stride .. p * stride + len[p] - 1, bottom to top), pile lengths, face-down counts, the
// base rank where the rules have one, the redeals made, and the Zobrist key, kept up to date
// by push and pop.
import { cardName, parseCard, parseRank, rankName } from '../notation/cards.js';
import type { Position } from '../position/position.js';
import type { CompiledGame } from './game.js';
import { KIND_T, type GameTables, tableauTakes } from './tables.js';
import { mix32, mix32Hi, type Zobrist } from './zobrist.js';

/** Longest line of moves a state can record for undo (the search's depth limit). */
export const MAX_LINE = 1 << 17;

export class State {
  readonly rules: GameTables;
  readonly zobrist: Zobrist;
  readonly stride: number;
  readonly cards: Uint8Array;
  readonly len: Uint8Array;
  /** The base rank (foundations that start with 'base-rank'), 0 while none is fixed. */
  base = 0;
  /** Per pile, how many cards at its bottom are face down (never its top card). */
  readonly down: Uint8Array;
  /** Redeals made so far. */
  redeals = 0;
  /** The key (keyLo, keyHi below); with suit images, `unsettled` until the images are combined again. */
  private kLo = 0;
  private kHi = 0;
  private unsettled = false;
  readonly pileLo: Uint32Array;
  readonly pileHi: Uint32Array;
  /**
   * How many suit images of the position its key stands for: 1 (the position alone) or, after
   * setSymmetric(true), all rules.images of them, the key being the sum of their keys, each
   * mixed whole (`combined`): summed pile by pile, swapping the suits of one pile alone would
   * leave the key as it is, and two positions that are not images of each other would share it.
   */
  images = 1;
  /** Per image: the sum of its mixed pile hashes, the image's key less base and redeals. */
  private readonly imageSumLo: Uint32Array;
  private readonly imageSumHi: Uint32Array;
  /** What the images add to the key: the sum of their mixed sums (images > 1). */
  private combinedLo = 0;
  private combinedHi = 0;
  /** Each image's pile hashes, [image * nPiles + pile], images 1.. (image 0 is pileLo/pileHi). */
  private readonly imageLo: Uint32Array;
  private readonly imageHi: Uint32Array;
  /**
   * Each pile hash as summed into the key (mixed), [image * nPiles + pile], images 0..: kept so
   * that a push or pop mixes only the new hash, not the old one again (with four images, mixing
   * again was a fifth of the search time).
   */
  private readonly mixedLo: Uint32Array;
  private readonly mixedHi: Uint32Array;
  /** Hash class of each pile now (where the stock deals onto every pile, tableau piles differ until it is out). */
  pileClass: Uint8Array;
  /** Scratch for canonical move generation: the first pile identical to each pile. */
  readonly twinOf: Uint8Array;
  /** Scratch of generateMoves for this position: per card, the tableau piles that take it, one bit a pile (pilesTaking). */
  readonly tableauTakers = new Uint32Array(52);
  /** Scratch of generateMoves for this position: the tableau's spaces the player may fill, one bit a pile. */
  tableauSpaces = 0;
  /** Cards on the foundations, kept by push and pop (the search asks at every position). */
  private home = 0;
  /** Moves applied, and what each did besides (see moves.ts), for undo. */
  readonly line = new Int32Array(MAX_LINE);
  readonly lineInfo = new Int32Array(MAX_LINE);
  depth = 0;
  seed: number | undefined;
  /** Whether the key holds the stock and the waste as one set of cards (setStockAsSet). */
  private stockSet = false;
  /** The split's key, added into the key (zobrist.splitLo; 0 but under a draw of several). */
  private splitTermLo = 0;
  private splitTermHi = 0;
  /** Per pile, 1 where its key holds its face-down cards and lowest face-up card only (setArrangementKeyed). */
  private readonly upToLowest: Uint8Array;

  constructor(game: CompiledGame) {
    const { rules, zobrist } = game;
    this.rules = rules;
    this.zobrist = zobrist;
    this.stride = rules.totalCards;
    this.cards = new Uint8Array(rules.nPiles * this.stride);
    this.len = new Uint8Array(rules.nPiles);
    this.down = new Uint8Array(rules.nPiles);
    this.pileLo = new Uint32Array(rules.nPiles);
    this.pileHi = new Uint32Array(rules.nPiles);
    this.twinOf = new Uint8Array(rules.nPiles);
    this.imageLo = new Uint32Array(rules.images * rules.nPiles);
    this.imageHi = new Uint32Array(rules.images * rules.nPiles);
    this.mixedLo = new Uint32Array(rules.images * rules.nPiles);
    this.mixedHi = new Uint32Array(rules.images * rules.nPiles);
    this.imageSumLo = new Uint32Array(rules.images);
    this.imageSumHi = new Uint32Array(rules.images);
    this.pileClass = rules.drawToTableau ? zobrist.ownClass : zobrist.sharedClass;
    this.upToLowest = new Uint8Array(rules.nPiles);
  }

  /** A state of `game` holding `pos` (a position of that game). */
  static fromPosition(game: CompiledGame, pos: Position): State {
    const s = new State(game);
    s.load(pos);
    return s;
  }

  /** Sets this state to a position of the same game, with no moves recorded. */
  load(pos: Position): void {
    const r = this.rules;
    if (pos.game !== r.game.id) throw new Error(`a ${r.game.id} state cannot hold a ${pos.game} position`);
    this.len.fill(0);
    this.down.fill(0);
    // Arrangement keys hold for the positions of a checked one (setArrangementKeyed), not any loaded.
    this.upToLowest.fill(0);
    this.home = 0;
    this.depth = 0;
    this.pileClass = r.drawToTableau ? this.zobrist.ownClass : this.zobrist.sharedClass;
    const fill = (p: number, pile: string[]): void => {
      for (const name of pile) this.push(p, parseCard(name));
    };
    pos.foundations.forEach((pile, i) => fill(i, pile));
    pos.tableau.forEach((pile, i) => fill(r.firstTableau + i, pile));
    pos.reserves.forEach((pile, i) => fill(r.firstReserve + i, pile));
    fill(r.stock, pos.stock);
    fill(r.waste, pos.waste);
    this.base = pos.base ? parseRank(pos.base) : 0;
    pos.faceDown?.forEach((n, i) => {
      this.down[r.firstTableau + i] = n;
    });
    this.redeals = pos.redeals ?? 0;
    this.seed = pos.seed;
    if (r.drawToTableau && pos.stock.length === 0) this.pileClass = this.zobrist.sharedClass;
    this.rehash();
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
    if (r.faceDown) pos.faceDown = Array.from(this.down.subarray(r.firstTableau, r.firstTableau + r.nTableau));
    if (r.redeals > 0) pos.redeals = this.redeals;
    return pos;
  }

  top(p: number): number {
    return this.cards[p * this.stride + this.len[p]! - 1]!;
  }

  push(p: number, card: number): void {
    const d = this.len[p]!;
    this.cards[p * this.stride + d] = card;
    this.len[p] = d + 1;
    if (p < this.rules.nFoundations) this.home++;
    this.toggle(p, d, card);
  }

  pop(p: number): number {
    const d = this.len[p]! - 1;
    const card = this.cards[p * this.stride + d]!;
    this.len[p] = d;
    if (p < this.rules.nFoundations) this.home--;
    this.toggle(p, d, card);
    return card;
  }

  /** XORs a card at a depth into its pile's hash and moves the key by the change. */
  private toggle(p: number, depth: number, card: number): void {
    if (depth > this.down[p]! && this.upToLowest[p] === 1) return;
    const z = this.zobrist;
    if (this.stockSet && (p === this.rules.stock || p === this.rules.waste)) {
      p = this.rules.stock;
      depth = 0;
      this.moveSplit();
    }
    const at = (this.pileClass[p]! * z.stride + depth) * z.identities;
    const i = at + this.rules.identity[card]!;
    const lo = (this.pileLo[p]! ^ z.lo[i]!) >>> 0;
    const hi = (this.pileHi[p]! ^ z.hi[i]!) >>> 0;
    this.pileLo[p] = lo;
    this.pileHi[p] = hi;
    const mixedLo = mix32(lo);
    const mixedHi = mix32Hi(hi);
    if (this.images > 1) {
      this.imageSumLo[0] = this.imageSumLo[0]! - this.mixedLo[p]! + mixedLo;
      this.imageSumHi[0] = this.imageSumHi[0]! - this.mixedHi[p]! + mixedHi;
    } else {
      this.kLo = (this.kLo - this.mixedLo[p]! + mixedLo) >>> 0;
      this.kHi = (this.kHi - this.mixedHi[p]! + mixedHi) >>> 0;
    }
    this.mixedLo[p] = mixedLo;
    this.mixedHi[p] = mixedHi;
    if (this.images > 1) this.toggleImages(p, at, card);
  }

  /** The same change in every other suit image's pile hash and key (their card is the image's). */
  private toggleImages(p: number, at: number, card: number): void {
    const z = this.zobrist;
    const r = this.rules;
    for (let image = 1; image < this.images; image++) {
      const i = at + r.identity[r.suitImage[image * 52 + card]!]!;
      const k = image * r.nPiles + p;
      const lo = (this.imageLo[k]! ^ z.lo[i]!) >>> 0;
      const hi = (this.imageHi[k]! ^ z.hi[i]!) >>> 0;
      this.imageLo[k] = lo;
      this.imageHi[k] = hi;
      const mixedLo = mix32(lo);
      const mixedHi = mix32Hi(hi);
      this.imageSumLo[image] = this.imageSumLo[image]! - this.mixedLo[k]! + mixedLo;
      this.imageSumHi[image] = this.imageSumHi[image]! - this.mixedHi[k]! + mixedHi;
      this.mixedLo[k] = mixedLo;
      this.mixedHi[k] = mixedHi;
    }
    this.unsettled = true;
  }

  /** Moves the key by the change in what the images add to it, each image's sum mixed whole. */
  private combineImages(): void {
    let lo = 0;
    let hi = 0;
    for (let image = 0; image < this.images; image++) {
      lo += mix32(this.imageSumLo[image]! ^ 0x85ebca6b);
      hi += mix32(this.imageSumHi[image]! ^ 0xc2b2ae35);
    }
    this.kLo = (this.kLo - this.combinedLo + lo) >>> 0;
    this.kHi = (this.kHi - this.combinedHi + hi) >>> 0;
    this.combinedLo = lo >>> 0;
    this.combinedHi = hi >>> 0;
    this.unsettled = false;
  }

  /**
   * The position's key, low and high words. With suit images a move's pushes and pops change
   * every image's sum, and the images are combined once when the key is read, not at each change.
   */
  get keyLo(): number {
    if (this.unsettled) this.combineImages();
    return this.kLo;
  }

  get keyHi(): number {
    if (this.unsettled) this.combineImages();
    return this.kHi;
  }

  /** Whether the key holds the stock as a set with a split no redeal and draws reach (splitKeyed). */
  get splitKeyedApart(): boolean {
    return this.splitTermLo !== 0;
  }

  /**
   * With the stock keyed as a set, the key this position would have with a waste of `w` cards
   * and cards left in the stock (0: the stock drawn out).
   */
  keyAtSplitLo(w: number): number {
    if (this.unsettled) this.combineImages();
    return (this.kLo - this.splitTermLo + this.zobrist.splitLo[w]!) >>> 0;
  }

  keyAtSplitHi(w: number): number {
    if (this.unsettled) this.combineImages();
    return (this.kHi - this.splitTermHi + this.zobrist.splitHi[w]!) >>> 0;
  }

  /**
   * Moves cards between the waste's top and the stock's top until the waste holds `split` (draws,
   * redeals and stock plays). With the stock keyed as a set its cards keep their keys wherever
   * the split lies, so only the split's key moves, however many cards pass.
   */
  shiftSplit(split: number): void {
    const r = this.rules;
    if (!this.stockSet) {
      while (this.len[r.waste]! < split) this.push(r.waste, this.pop(r.stock));
      while (this.len[r.waste]! > split) this.push(r.stock, this.pop(r.waste));
      return;
    }
    const waste = r.waste * this.stride;
    const stock = r.stock * this.stride;
    let w = this.len[r.waste]!;
    let n = this.len[r.stock]!;
    while (w < split) this.cards[waste + w++] = this.cards[stock + --n]!;
    while (w > split) this.cards[stock + n++] = this.cards[waste + --w]!;
    this.len[r.waste] = w;
    this.len[r.stock] = n;
    this.moveSplit();
  }

  /** Moves the key by the change in the split's key (kept in it, so that reading a key costs nothing more). */
  private moveSplit(): void {
    const z = this.zobrist;
    const w = this.splitKeyed();
    this.kLo = (this.kLo - this.splitTermLo + z.splitLo[w]!) >>> 0;
    this.kHi = (this.kHi - this.splitTermHi + z.splitHi[w]!) >>> 0;
    this.splitTermLo = z.splitLo[w]!;
    this.splitTermHi = z.splitHi[w]!;
  }

  /**
   * With the stock keyed as a set, the waste size whose key (zobrist.splitLo) goes into the
   * position's: 0 with the stock drawn out, else the size (a multiple of the draw has the key 0).
   */
  private splitKeyed(): number {
    const w = this.len[this.rules.waste]!;
    return this.len[this.rules.stock] === 0 ? 0 : w;
  }

  /**
   * Keys the position together with its suit images (a game's proved suit swaps; see
   * src/engine/symmetry.ts), so that a search enters one of them only: they are won or lost together.
   * A table must not mix keys made with and without (clear it when this changes).
   */
  setSymmetric(yes: boolean): void {
    this.images = yes ? this.rules.images : 1;
    // The proof of arrangement keys is for each position alone, not with its images.
    if (this.images > 1) this.upToLowest.fill(0);
    if (!this.stockSetWithImages()) this.stockSet = false;
    this.rehash();
  }

  /**
   * Keys the stock and the waste as one set of cards, each at depth 0 in the stock's hash, so
   * that a search takes positions that differ only in where the stock ends and the waste begins
   * for one. Only where the rules meet the proof's conditions (the search asks them:
   * stockAsSetConditions in src/search/prunings/dominance.ts). A draw then leaves the key as it is, so a
   * player's game, which must tell those positions apart, keys without.
   * A table must not mix keys made with and without (clear it when this changes).
   */
  setStockAsSet(yes: boolean): void {
    this.stockSet = yes && this.stockSetWithImages();
    this.rehash();
  }

  /** Several cards turned at a time: a key shared with suit images keys the stock exactly (dominance.ts). */
  private stockSetWithImages(): boolean {
    return this.rules.drawCount === 1 || this.images === 1;
  }

  /**
   * Keys each tableau pile by its face-down cards and its lowest face-up card only, so that a
   * search takes positions that differ only in where the other face-up cards lie for one. Only
   * where the rules meet the proof's conditions (the search asks them: arrangementConditions in
   * src/search/prunings/dominance.ts), and the position's face-up runs are built. Its moves must then
   * take the shift home (src/search/prunings/arrangements.ts). In one deck two non-empty piles still never
   * share a hash, so identical piles are still found by it. Not with suit images (setSymmetric).
   * A table must not mix keys made with and without (clear it when this changes).
   */
  setArrangementKeyed(yes: boolean): void {
    const r = this.rules;
    // The proof needs each pile's face-up cards above its lowest to be a built run: moves keep
    // that, but a position typed in need not have it, and is then searched with exact keys.
    const on = yes && this.images === 1 && this.faceUpBuilt();
    for (let p = 0; p < r.nPiles; p++) this.upToLowest[p] = on && r.kindOf[p] === KIND_T ? 1 : 0;
    this.rehash();
  }

  /** Whether every tableau pile's face-up cards form a run built by the tableau's rule. */
  private faceUpBuilt(): boolean {
    const r = this.rules;
    for (let p = r.firstTableau; p < r.firstTableau + r.nTableau; p++) {
      const base = p * this.stride;
      for (let d = this.down[p]! + 1; d < this.len[p]!; d++)
        if (!tableauTakes(r, this.cards[base + d - 1]!, this.cards[base + d]!)) return false;
    }
    return true;
  }

  /** Whether the key is made by arrangement (setArrangementKeyed): the search's moves differ then. */
  get arrangementKeyed(): boolean {
    return this.upToLowest[this.rules.firstTableau] === 1;
  }

  /** Sets how many cards at the bottom of pile p are face down, and its hash with it. */
  setDown(p: number, n: number): void {
    // Keyed up to the lowest face-up card, the cards between the two counts' lowest ones come
    // in or go out of the key: undo may turn a card down before or after its pile gets back
    // the cards above it, and either order ends with the same key.
    if (this.upToLowest[p] === 1) {
      const was = this.down[p]!;
      const end = Math.min(Math.max(was, n), this.len[p]! - 1);
      this.upToLowest[p] = 0;
      for (let d = Math.min(was, n) + 1; d <= end; d++) this.toggle(p, d, this.cards[p * this.stride + d]!);
      this.upToLowest[p] = 1;
    }
    const z = this.zobrist;
    const cls = this.pileClass[p]! * z.stride;
    const lo = z.downLo[cls + this.down[p]!]! ^ z.downLo[cls + n]!;
    const hi = z.downHi[cls + this.down[p]!]! ^ z.downHi[cls + n]!;
    this.down[p] = n;
    if (this.images > 1) {
      for (let image = 0; image < this.images; image++) this.xorImagePile(image, p, lo, hi);
      this.unsettled = true;
    } else this.xorPile(p, lo, hi);
  }

  setRedeals(n: number): void {
    const z = this.zobrist;
    const was = this.redealKey(this.redeals);
    const now = this.redealKey(n);
    this.kLo = (this.kLo - z.redealLo[was]! + z.redealLo[now]!) >>> 0;
    this.kHi = (this.kHi - z.redealHi[was]! + z.redealHi[now]!) >>> 0;
    this.redeals = n;
  }

  /** Where the redeals made are keyed: by their count where the rules limit them (at most 255), else not at all. */
  private redealKey(n: number): number {
    return Number.isFinite(this.rules.redeals) ? n : 0;
  }

  /** XORs a term into pile p's hash (image 0) and moves the key by the change. */
  private xorPile(p: number, termLo: number, termHi: number): void {
    const lo = (this.pileLo[p]! ^ termLo) >>> 0;
    const hi = (this.pileHi[p]! ^ termHi) >>> 0;
    this.pileLo[p] = lo;
    this.pileHi[p] = hi;
    const mixedLo = mix32(lo);
    const mixedHi = mix32Hi(hi);
    this.kLo = (this.kLo - this.mixedLo[p]! + mixedLo) >>> 0;
    this.kHi = (this.kHi - this.mixedHi[p]! + mixedHi) >>> 0;
    this.mixedLo[p] = mixedLo;
    this.mixedHi[p] = mixedHi;
  }

  /** The same for one suit image's pile hash and sum (the caller combines the images after). */
  private xorImagePile(image: number, p: number, termLo: number, termHi: number): void {
    const k = image * this.rules.nPiles + p;
    const pileLo = image === 0 ? this.pileLo : this.imageLo;
    const pileHi = image === 0 ? this.pileHi : this.imageHi;
    const at = image === 0 ? p : k;
    const lo = (pileLo[at]! ^ termLo) >>> 0;
    const hi = (pileHi[at]! ^ termHi) >>> 0;
    pileLo[at] = lo;
    pileHi[at] = hi;
    const mixedLo = mix32(lo);
    const mixedHi = mix32Hi(hi);
    this.imageSumLo[image] = this.imageSumLo[image]! - this.mixedLo[k]! + mixedLo;
    this.imageSumHi[image] = this.imageSumHi[image]! - this.mixedHi[k]! + mixedHi;
    this.mixedLo[k] = mixedLo;
    this.mixedHi[k] = mixedHi;
  }

  setBase(rank: number): void {
    const z = this.zobrist;
    this.kLo = (this.kLo - z.baseLo[this.base]! + z.baseLo[rank]!) >>> 0;
    this.kHi = (this.kHi - z.baseHi[this.base]! + z.baseHi[rank]!) >>> 0;
    this.base = rank;
  }

  /** Switches tableau piles to one hash class once no draw onto every pile can reach them. */
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
    const lo = this.kLo;
    const hi = this.kHi;
    this.hashPiles(false);
    const fresh: [number, number] = [this.kLo, this.kHi];
    this.kLo = lo;
    this.kHi = hi;
    return fresh;
  }

  /** Sets the key from the cards alone; with `store`, each pile's hash too. */
  private hashPiles(store: boolean): void {
    const z = this.zobrist;
    const r = this.rules;
    let keyLo = z.baseLo[this.base]! + z.redealLo[this.redealKey(this.redeals)]!;
    let keyHi = z.baseHi[this.base]! + z.redealHi[this.redealKey(this.redeals)]!;
    let combinedLo = 0;
    let combinedHi = 0;
    for (let image = 0; image < this.images; image++) {
      let sumLo = 0;
      let sumHi = 0;
      for (let p = 0; p < r.nPiles; p++) {
        let lo = z.downLo[this.pileClass[p]! * z.stride + this.down[p]!]!;
        let hi = z.downHi[this.pileClass[p]! * z.stride + this.down[p]!]!;
        // Keyed as a set, the waste's cards are in the stock's hash, each at depth 0.
        const asSet = this.stockSet && (p === r.stock || p === r.waste);
        const piles = asSet ? (p === r.stock ? 2 : 0) : 1;
        for (let k = 0; k < piles; k++) {
          const q = k === 0 ? p : r.waste;
          const end = this.upToLowest[q] === 1 ? Math.min(this.len[q]!, this.down[q]! + 1) : this.len[q]!;
          for (let d = 0; d < end; d++) {
            const card = r.suitImage[image * 52 + this.cards[q * this.stride + d]!]!;
            const i = (this.pileClass[p]! * z.stride + (asSet ? 0 : d)) * z.identities + r.identity[card]!;
            lo ^= z.lo[i]!;
            hi ^= z.hi[i]!;
          }
        }
        const mixedLo = mix32(lo >>> 0);
        const mixedHi = mix32Hi(hi);
        if (store) {
          const k = image * r.nPiles + p;
          if (image === 0) {
            this.pileLo[p] = lo >>> 0;
            this.pileHi[p] = hi >>> 0;
          } else {
            this.imageLo[k] = lo >>> 0;
            this.imageHi[k] = hi >>> 0;
          }
          this.mixedLo[k] = mixedLo;
          this.mixedHi[k] = mixedHi;
        }
        sumLo += mixedLo;
        sumHi += mixedHi;
      }
      if (this.images === 1) {
        keyLo += sumLo;
        keyHi += sumHi;
      } else {
        if (store) {
          this.imageSumLo[image] = sumLo >>> 0;
          this.imageSumHi[image] = sumHi >>> 0;
        }
        combinedLo += mix32((sumLo >>> 0) ^ 0x85ebca6b);
        combinedHi += mix32((sumHi >>> 0) ^ 0xc2b2ae35);
      }
    }
    if (this.images > 1 && store) {
      this.combinedLo = combinedLo >>> 0;
      this.combinedHi = combinedHi >>> 0;
      this.unsettled = false;
    }
    const split = this.stockSet ? this.splitKeyed() : 0;
    if (store) {
      this.splitTermLo = z.splitLo[split]!;
      this.splitTermHi = z.splitHi[split]!;
    }
    this.kLo = (keyLo + combinedLo + z.splitLo[split]!) >>> 0;
    this.kHi = (keyHi + combinedHi + z.splitHi[split]!) >>> 0;
  }

  /** Cards on the foundations: the game is won when it equals every card. */
  foundationCards(): number {
    return this.home;
  }

  isWon(): boolean {
    return this.foundationCards() === this.rules.totalCards;
  }
}
