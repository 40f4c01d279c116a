// The conditions on the rules under which a move home may be made at once, with no alternative
// searched (src/search/prunings/safe.ts makes it). The search's prunings (src/search/prunings/prunings.ts) turn the
// move on only where every condition holds; nothing in a rules file can.
import type { Game } from '../../games/types.js';
import { cardIdentity } from '../../engine/symmetry.js';

/**
 * Safe move home: a card c of rank r may go home at once when every card that could ever be
 * built on it in the tableau is home, and every card of its suit below it (all copies):
 * the cards of rank r - 1 in the suits the tableau builds on c's suit and, where a foundation's
 * top may go back to the tableau, those of rank r - 2 in the suits that build on them
 * (safeHomeLags; where the tableau builds regardless of suit, every card of rank < r).
 * Proof: let D be c, those cards and every card below them in their suits; all but c are home
 * (foundations build up in suit), and only cards of D can be built on a card of D (a card of
 * rank k under r - 1 in one of their suits hosts rank k - 1 of a suit the lags cover; without
 * take-backs a card home never hosts again). Take any winning line L from the position; drop
 * from it every move of a card of D, every draw of c and every redeal of a waste that held c
 * alone. Every move left is legal: its card is not in D and is still its pile's top or the
 * bottom of a run that moves (only cards of D can have lain above it where here they do not:
 * a shorter built run is a built run); it lands on a tableau card that is not in D, on a pile
 * that is empty in L and so here, or home on a card of its suit; if that is c's foundation, c's
 * twin goes on another foundation of the suit instead (all hold A..r-1; foundations are
 * interchangeable). A face-down card uncovered earlier only allows more. The draws of L stay as
 * they were: no move puts a card into the stock or the waste, so a card c that is not in the
 * waste now is never drawn in L; one that is (safeHomeFromWasteConditions) comes back only by a
 * redeal, and dropping its draws changes no other draw where one card is turned at a time. So
 * the shorter line still wins.
 * The same proof keeps such a card home once it is there: where c is home and would pass the
 * test on the tableau, every card of D is home, and the line with D's moves dropped wins from
 * the position as it is, so no take-back of c is searched (src/search/prunings/safe.ts).
 *
 * Returns the conditions the rules do not meet (empty: the move is sound for them).
 */
export function safeHomeConditions(game: Game): string[] {
  const unmet: string[] = [];
  const acesUpInSuit = game.foundations.every((g) => g.start === 1 && g.build.step === 1 && !g.build.wrap && g.build.suit === 'same-suit');
  if (!acesUpInSuit) unmet.push('every foundation starts with an Ace and builds up by one in suit, no wrap');
  if (game.foundations.reduce((n, g) => n + g.count, 0) !== 4 * game.decks) unmet.push('one foundation per suit and deck');
  const t = game.tableau.build;
  if (!((t.step === -1 || t.step === 0) && !t.wrap && !t.either))
    unmet.push('the tableau builds down only, by one, without wrap, or not at all');
  if (game.tableau.runs === 'any') unmet.push('only single cards or built runs move');
  if (game.tableau.autoFill !== 'none') unmet.push('no space is filled at once');
  if (game.moves.includes('f>f')) unmet.push('no moves between foundations');
  if (game.stock.lockedUntilFoundation) unmet.push('the stock is never locked');
  if (game.opening) unmet.push('every move is allowed from the start (no opening)');
  return unmet;
}

/**
 * For the safe move home of a card of rank r and suit s: `lags[s * 4 + t]` = k > 0 where every
 * copy of suit t's cards up to rank r - k must be home, 0 where suit t does not matter. Its own
 * suit always lags 1; the tableau's build adds the suits it stacks on s (rank r - 1) and, with
 * take-backs, the suits that stack on those (rank r - 2).
 */
export function safeHomeLags(game: Game): Uint8Array {
  const lags = new Uint8Array(16);
  const builds = game.tableau.build.step !== 0;
  const suitRule = game.tableau.build.suit;
  const takeBacks = game.moves.includes('f>t');
  const red = (t: number): boolean => t === 1 || t === 2;
  for (let s = 0; s < 4; s++) {
    for (let t = 0; t < 4; t++) {
      let lag = 0;
      if (s === t) lag = 1;
      else if (builds && suitRule === 'any') lag = 1;
      else if (builds && suitRule === 'alternate-colour') lag = red(s) !== red(t) ? 1 : takeBacks ? 2 : 0;
      lags[s * 4 + t] = lag;
    }
  }
  return lags;
}

/**
 * A looser safe move home where one deck's tableau builds down by one in alternate colour (Keller's
 * rule, as Solvitaire uses it): a card c of rank r and colour k whose suit is home to r - 1 may go
 * home at once when both suits of the other colour are home to r - 2 and the other suit of k to
 * r - 3, with or without take-backs. Proof: let D be c, the cards of c's suit and of the other
 * colour up to r - 1, and of the other suit of k up to r - 2. Every card that could be built on
 * a card of D is in D (a card of rank j of colour k hosts the other colour's j - 1, which hosts
 * k's j - 2), and D holds every card below its cards in their suits. All of D is home but c, the
 * other colour's r - 1 cards and the other suit's r - 2 (the *free* cards), and each free card
 * that is not home is its foundation's next card. Take any winning line L from the position P,
 * and from P with c home play L' as follows, keeping every card of D home but the free cards not
 * *parked*, which lie where L has them. A move of a card not in D: the same, less the cards of D
 * home here that L moved with it (a shorter built run is a built run); it lands on the same
 * card, which is not in D (only cards of D are built on them) and tops its pile here (only cards
 * of D lie above it in L), or on an empty pile (this tableau holds no card L's does not), or home
 * on the same height (L has every card of D in that suit home, the card being above them). A
 * move of a card of D that is home here, to anywhere: none. A move that puts a free card, not
 * parked, onto a card of D: the free cards on it (only those lie on it here) go home, then it,
 * each its foundation's next card, from wherever L takes it (the rules let every pile that plays
 * to the tableau play home too), and are parked. Any other move of a free card not parked: the
 * same (from the waste, as safeHomeFromWasteConditions has it). Where c lay on the waste, its
 * draws are dropped as in the safe move's proof. L wins, so L' does: it has home every card L
 * has, and it is shorter (the moves home of a parking stand for L's moves home of those cards,
 * dropped, as is c's), as the search's induction needs. L' never moves c, so the same proof
 * keeps c home once it is there where it would pass this test on the tableau (no take-back of it
 * is searched). Conditions:
 * safeHomeConditions, one deck, the tableau built down by one in alternate colour without wrap,
 * every pile that plays to the tableau plays home too, the stock turned onto a waste (a deal onto
 * every pile would land elsewhere with c home).
 * Returns the lags (as safeHomeLags has them: suit t home to r - lag), or null where the
 * conditions do not hold.
 */
export function looseSafeHomeLags(game: Game): Uint8Array | null {
  const t = game.tableau.build;
  const alternate = t.step === -1 && t.suit === 'alternate-colour' && !t.wrap && !t.either;
  // A free card goes home from wherever it lies instead of onto a card of D.
  const home = (k: string): boolean => game.moves.some((m) => m === `${k}>f`);
  const freeGoHome = home('t') && game.moves.every((m) => m[2] !== 't' || m[0] === 't' || m[0] === 'f' || home(m[0]!));
  if (!alternate || !freeGoHome || game.stock.draw !== 'to-waste') return null;
  if (game.decks !== 1 || cardIdentity(game) !== 'card' || safeHomeConditions(game).length) return null;
  const red = (suit: number): boolean => suit === 1 || suit === 2;
  const lags = new Uint8Array(16);
  for (let s = 0; s < 4; s++) for (let u = 0; u < 4; u++) lags[s * 4 + u] = s === u ? 1 : red(s) !== red(u) ? 2 : 3;
  return lags;
}

/**
 * The safe move home of a waste card, where safeHomeConditions hold: dropping the card's draws
 * from a line shifts the cards turned together after the next redeal where several are turned
 * at a time, so it needs one card at a time, or no redeal. Returns the conditions not met.
 */
export function safeHomeFromWasteConditions(game: Game): string[] {
  const several = game.stock.draw === 'to-waste' && game.stock.drawCount !== 1;
  return several && game.stock.redeals !== 0 ? ['the stock is turned one card at a time, or never redealt'] : [];
}

/**
 * Stock plays (src/search/prunings/stockplays.ts): the search makes no draw or redeal alone; it draws (and
 * redeals) only as part of playing the card they turn up, to any waste size the draws can reach
 * with at most one redeal. Proof: take a shortest winning line L. If it begins with draws and
 * redeals and then a move of the waste's top, that is one stock play, or a stock play with fewer
 * redeals made, which can do all the other can (redeals left only add moves): a
 * redeal after the stock is drawn out from a waste size reachable without one, or a second redeal,
 * leads only to waste sizes the draws reach without it. If they are followed by another move,
 * that move's legality does not look at the stock or the waste, so it can be made first and the
 * draws after it: the line from the position it leads to is shorter. Induction on the line's
 * length: from every winnable position some move the search makes leads to one. A won position
 * has its stock and waste empty, so no draw ends a line. What the proof needs of the rules: no
 * move's legality reads the stock or the waste but a move from the waste's top, and no card goes
 * to them but by a draw or a redeal. Returns the conditions not met.
 */
export function stockPlayConditions(game: Game): string[] {
  const unmet: string[] = [];
  if (game.stock.draw !== 'to-waste') unmet.push('the stock is turned onto a waste');
  if (game.tableau.autoFill !== 'none') unmet.push('no space is filled at once (from the waste or the stock)');
  if (game.stock.lockedUntilFoundation) unmet.push('the stock is never locked');
  if (game.opening) unmet.push('every move is allowed from the start (no opening)');
  if (!game.moves.every((m) => (m[0] !== 'w' || m === 'w>f' || m === 'w>t') && m[2] !== 'w'))
    unmet.push('the waste plays to foundations and the tableau only, and nothing plays to the waste');
  return unmet;
}

/**
 * The stock keyed as a set (State.setStockAsSet): a search's key leaves out where the stock
 * ends and the waste begins, but for a waste size that redeals and draws cannot reach from an
 * empty waste. Cards leave the stock and the waste only, in the order of the deal, so the cards
 * in them, read from the waste's bottom to the stock's bottom, are always the same sequence less
 * the cards played; with one deck, which cards are left says the sequence. With d cards turned at
 * a time and the waste redealt without limit, call a split (the waste's size w) *open* when draws
 * from an empty waste reach it: w a multiple of d, or the stock drawn out. From any split the
 * search's stock plays (stockPlayConditions) reach the open splits but an empty waste (drawn out,
 * redealt, drawn on) and the splits its own draws reach; from an open split those are open ones,
 * so positions whose splits are open have the same stock plays. Playing a card leaves the cards
 * before it in the waste and those after it in the stock, whatever the split was (the waste's
 * top, played by an ordinary move, is the same play). Every other move leaves the sequence and the
 * split alone. So two positions that differ only in which open split they have (with one card at
 * a time every split is open) have the same moves to positions that again differ only so: they
 * are won or lost together, and a search may take one for the other; a split that is not open is
 * keyed as it is. Redeals made are not counted where they are unlimited. The safe move may pick a
 * different move in each (the waste's top differs), which keeps each one's value. The set says
 * the sequence only for positions of one deal: a position's suit image has the image of its
 * sequence, so with several cards turned at a time (where the order decides what the draws
 * reach) a key shared with suit images keys the stock exactly (State.setStockAsSet).
 * A split that is not open, w, reaches by draws the splits w + d, w + 2d, ... and the open ones,
 * so a position Z with it can do all that the same position Y with those can: a stock play of Y
 * or its waste's top is a stock play of Z to the same position, and every other move of Y is
 * Z's, to positions that again differ so. Where several cards are turned at a time the safe move
 * takes no waste card (safeHomeFromWasteConditions), so Y and Z have the same safe move or none,
 * and every search move of Y is matched by one of Z. A search that has entered Z may then take Y
 * as entered (SearchContext puts Y's keys in the table): Z is no farther from a win than Y, so
 * the first entered position nearest a win still has a successor nearer, as in a search without
 * it. Returns the conditions the rules do not meet.
 */
export function stockAsSetConditions(game: Game): string[] {
  const unmet = stockPlayConditions(game);
  if (game.stock.redeals !== Infinity) unmet.push('the waste is redealt without limit');
  if (game.decks !== 1) unmet.push('one deck (which cards are left says their order)');
  return unmet;
}

/**
 * Host swaps (src/search/prunings/hostswaps.ts). Where one deck's tableau builds down by one in
 * alternate colour, a card x can lie on two cards only: h and its twin h' (same rank, the other
 * suit of its colour). A *swap* moves the run from x, lying on h, onto h' while h' tops a pile;
 * it can be moved back at once, so a swap keeps the position's value (won or lost). Call
 * {h, h'} a group, swappable where one run lies on one of them and the other tops a pile.
 * Swaps of different groups touch different cards and commute, and none changes which groups
 * are swappable, so the positions reached by swaps alone (a *class*) are those given by a
 * choice of host per swappable group. Every other move needs at most one group's choice: the
 * card it lands on must top its pile (a tableau card's group), or the one card it takes from
 * a pile to elsewhere must (its group); a run taken to another pile takes what lies on it
 * whatever that is, and its landing card alone matters; a move onto an empty pile needs
 * nothing. And whatever the choices of the other groups, that move leads to one class: two
 * such choices differ by swaps that stay possible after it or that it undoes (a run's card
 * gone home leaves both hosts free).
 * The search makes, where some run lies on the higher-numbered card of a swappable group, one
 * swap back to the lower and the moves that need such a group as it is; elsewhere every move,
 * the swaps to the higher cards included. Proof: count a line's moves that are not swaps. From
 * a winnable position, take the fewest such moves in any winning line from any position of its
 * class, and a line that has them: swaps, then a move e that needs group g as some choice has it
 * (or nothing), then the rest. Follow the swaps back to the lower cards, one at a time: at each
 * position on the way that has g as e needs it, e is searched; else the position with all on
 * the lower cards searches e (g as there) or the swap of g alone, which then searches e. Each e
 * leads to the class of e's position in the line, so one fewer such move wins from it; by
 * induction on that count the search reaches a won position, and a table that enters each
 * position once enters every position the searched moves reach. That needs each position keyed
 * alone: where one key stands for several (cards that share a key, or a position and its suit
 * images), the swap back can lead to the key of the position it leaves, entered already, and the
 * moves left out are never searched (test/search/prove.test.ts has both). So the cards must be keyed one
 * by one, and a search keys no suit images where host swaps are on (searchState, safe.ts). The other prunings keep this:
 * a safe move home drops moves (fewer such moves), stock plays join draws to a play.
 * Returns the conditions the rules do not meet.
 */
export function hostSwapConditions(game: Game): string[] {
  const t = game.tableau;
  const unmet = builtRunConditions(game);
  if (!(t.build.step === -1 && t.build.suit === 'alternate-colour' && !t.build.wrap && !t.build.either))
    unmet.push('the tableau builds down by one in alternate colour, without wrap');
  if (!game.moves.includes('t>t')) unmet.push('a run may move from pile to pile');
  return unmet;
}

/**
 * What host swaps and arrangement keys both need: one deck with every card keyed as itself, and a
 * tableau whose face-up cards are one built run a pile that moves as a unit or in part, with
 * spaces the player fills with a King or not at all.
 */
function builtRunConditions(game: Game): string[] {
  const unmet: string[] = [];
  const t = game.tableau;
  if (game.decks !== 1) unmet.push('one deck');
  if (cardIdentity(game) !== 'card') unmet.push('every card keyed as itself (no two cards the rules cannot tell apart)');
  if (t.runs !== 'built') unmet.push('built runs move as a unit');
  if (t.spaces === 'any') unmet.push('a space takes a King or nothing');
  if (t.capacity !== Infinity) unmet.push('tableau piles hold any number of cards');
  if (t.autoFill !== 'none') unmet.push('no space is filled at once');
  if (game.stock.draw !== 'to-waste') unmet.push('the stock is turned onto a waste');
  if (game.opening) unmet.push('every move is allowed from the start (no opening)');
  if (faceUpAtDeal(game).some((k) => k > 1))
    unmet.push('each tableau pile is dealt at most one card face up (so its face-up cards are a built run)');
  return unmet;
}

/**
 * Arrangement keys (State.setArrangementKeyed, src/search/prunings/arrangements.ts): a search keys a
 * tableau pile by its face-down cards and its lowest face-up card only, so positions that differ
 * only in where the other face-up cards lie are entered once. Call such positions one class.
 * Proof that a class is won or lost as a whole: above its lowest face-up card a pile holds a
 * built run (one card face up at the deal, and every card lands on the tableau by the build), so
 * every other face-up card lies on a card of its host type (the cards one rank up that the build
 * allows: in one deck, of one rank and colour, or of one rank, or one card). The class fixes the
 * foundations, stock, waste and face-down cards, so the set of face-up cards, their lowest ones,
 * and per host type how many are covered (the non-lowest cards that need it) and how many lie
 * free, and the empty piles. Let Y and X be of one class and m a move from Y. A draw, a redeal,
 * a card from the waste or a foundation to a free card or a space: X has the same (the same count
 * of free cards of that type). A run from its pile's lowest face-up card: the same run start in
 * X; X has a free card of the type it needs in another pile (its own pile holds only lower cards
 * above it), or the same spaces for a King. A run from a card that is not its pile's lowest: it
 * goes to a free card of its host's type (a King is always lowest), so the class stays: X needs
 * no move. A card c home: if c lies free in X, the same; if a run from k covers it, another card
 * of c's type lies free (Y has c free, the count is the class's), and X moves k's run onto it,
 * then c home to the foundation Y sends it to (the search's shift home, one move; one for every
 * foundation that takes c). Each ends in Y+m's class; by induction on a
 * winning line's moves that change the class, X wins if Y does. So the search drops every move
 * that keeps the class (a run from a card that is not its pile's lowest to the tableau), and adds
 * the shift home: without it the shift would lead to the key it leaves and c's move home would
 * never be searched. The other prunings keep this: the safe move home drops moves (a winning
 * line of fewer class-changing moves remains), stock plays join draws to a play, a dead position
 * is lost with its class, and the stock as a set is an equivalence of the stock alone. Host swaps
 * are moves that keep the class, so a search so keyed makes none; suit images are left out.
 * Conditions: every card keyed as itself, one deck, the tableau builds down by one without wrap,
 * one way, in suit, in alternate colour or in any suit; built runs move as a unit; a space takes
 * a King or nothing, filled by the player; piles hold any number of cards; the stock is turned
 * onto a waste; runs move from pile to pile and cards home from the tableau, and tableau cards go
 * nowhere else; no opening; each pile is dealt at most one card face up. Returns the conditions
 * the rules do not meet.
 */
export function arrangementConditions(game: Game): string[] {
  const t = game.tableau;
  const unmet = builtRunConditions(game);
  if (!(t.build.step === -1 && !t.build.wrap && !t.build.either)) unmet.push('the tableau builds down by one, without wrap, one way');
  if (!game.moves.includes('t>t') || !game.moves.includes('t>f'))
    unmet.push('runs move from pile to pile, and cards home from the tableau');
  if (game.moves.some((m) => m[0] === 't' && m[2] !== 'f' && m[2] !== 't')) unmet.push('tableau cards go only home or to the tableau');
  return unmet;
}

/** Per tableau pile, how many cards the deal puts on it face up. */
function faceUpAtDeal(game: Game): number[] {
  const faceUp = new Array<number>(game.tableau.count).fill(0);
  for (const d of game.deal) {
    if (d.faceDown) continue;
    if ('row' in d) for (let i = d.from; i <= d.to; i++) faceUp[i]! += d.times;
    else if (d.pile.startsWith('t')) faceUp[Number(d.pile.slice(1))]! += d.cards;
  }
  return faceUp;
}

/**
 * Dead positions (src/search/prunings/deadlock.ts): a position is lost when its tableau holds a set S of
 * cards such that each face-down card of S lies under a card of S, and each face-up card c of S
 * (1) lies under a card of S or ranks above a card of its suit in S, (2) can lie on no card
 * but c's own or one of S under a card of S, and (3) cannot move into a space, or lies at a
 * pile's bottom already. Proof: call a card's place the card it lies on (or a pile's bottom).
 * Take the first move of any line that changes the place of a card of S: a move changes the
 * place of the bottom card of what it moves alone, so that card b is in S, and every card of S
 * is where it was. If b is face down, the card of S on it still covers it. It cannot go home: a
 * card of S covers it, or a lower card of its suit stays in the tableau, and its foundation
 * takes the cards of a suit in order. It cannot land on
 * a tableau card: each it may lie on is covered. A space changes its place only if it fills one
 * and is not at a pile's bottom. Tableau cards go nowhere else. So no card of S ever leaves the
 * tableau, and no line wins. Conditions: one deck, the
 * foundations start at the Ace and build up by one in suit, without wrap, and tableau cards go
 * only home or to the tableau.
 * Returns the conditions the rules do not meet.
 */
export function deadlockConditions(game: Game): string[] {
  const unmet: string[] = [];
  if (game.decks !== 1) unmet.push('one deck');
  if (!game.foundations.every((g) => g.start === 1 && g.build.step === 1 && !g.build.wrap && g.build.suit === 'same-suit'))
    unmet.push('every foundation starts with an Ace and builds up by one in suit, no wrap');
  if (game.moves.some((m) => m[0] === 't' && m[2] !== 'f' && m[2] !== 't')) unmet.push('tableau cards go only home or to the tableau');
  return unmet;
}
