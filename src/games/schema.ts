// The rules format's schema as data: the reader (read.ts) checks a rules file against it
// (schema-check.ts), with a one-line error naming the key and what it allows, and `patience rules
// --schema` prints it as a JSON Schema for editors. One description serves both, so they cannot
// disagree.
import { GAME_WORDS } from '../notation/ids.js';
import { CARD_PILE_ID } from '../notation/moves.js';

export type Schema =
  | { type: 'object'; doc: string; props: Record<string, Field>; open?: Schema }
  | { type: 'array'; doc: string; items: Schema; min?: number; max?: number }
  | { type: 'integer'; doc: string; min: number; max: number }
  | { type: 'number'; doc: string; min: number; max: number }
  | { type: 'string'; doc: string; pattern?: RegExp; maxLength: number }
  | { type: 'boolean'; doc: string }
  | { type: 'null'; doc: string }
  | { type: 'enum'; doc: string; values: readonly string[] }
  | { type: 'either'; doc: string; options: Schema[] };

/** A key of an object: required, or optional with the default the reader fills in. */
export type Field = Schema & ({ required: true } | { default: unknown });

const req = <S extends Schema>(s: S): S & { required: true } => ({ ...s, required: true });
const opt = <S extends Schema>(s: S, value: unknown): S & { default: unknown } => ({ ...s, default: value });

const text = (doc: string, maxLength = 2000): Schema => ({ type: 'string', doc, maxLength });
const rank = (doc: string): Schema => ({ type: 'integer', doc, min: 1, max: 13 });
const flag = (doc: string): Schema => ({ type: 'boolean', doc });

const build: Schema = {
  type: 'object',
  doc: 'how a card is laid on the one below it',
  props: {
    step: req({
      type: 'integer',
      doc: 'rank change from a card to the next one laid on it: 1 up, -1 down, 2 up by two; 0: nothing builds',
      min: -12,
      max: 12,
    }),
    wrap: opt(flag('whether the ranks run round the corner: above K comes A'), false),
    suit: opt({ type: 'enum', doc: 'how the two cards relate in suit', values: ['any', 'same-suit', 'alternate-colour'] }, 'any'),
    either: opt(
      flag('tableau only: a card may go `step` above or below the one it is laid on, up or down card by card (a built run too)'),
      false,
    ),
  },
};

const foundationGroup: Schema = {
  type: 'object',
  doc: 'a group of foundations that share their rules',
  props: {
    count: req({ type: 'integer', doc: 'foundations in the group', min: 1, max: 32 }),
    start: req({
      type: 'either',
      doc: "what an empty foundation accepts: a rank (1 = Ace, 13 = King); 'base-rank': any card while no foundation has one, then only the rank of the first card played to any of them (or of the base card the deal gives one); 'dealt': each foundation gets its card of firstCards before the deal, and that card never leaves",
      options: [
        rank('the rank an empty foundation accepts'),
        { type: 'enum', doc: 'a start fixed in play or dealt', values: ['base-rank', 'dealt'] },
      ],
    }),
    firstCards: opt(
      { type: 'array', doc: "with start 'dealt': one card per foundation, in order", items: text('a card such as "AC"', 3), max: 32 },
      [],
    ),
    build: req(build),
    max: opt({ type: 'integer', doc: 'cards at most on one foundation', min: 1, max: 52 }, 13),
  },
};

const dealStep: Schema = {
  type: 'either',
  doc: 'one step of the deal',
  options: [
    {
      type: 'object',
      doc: 'cards in a row to one pile',
      props: {
        pile: req({
          type: 'string',
          doc: "the pile: t0.., r0.., or one foundation f0.. (one card, where foundations start at 'base-rank': the base card)",
          pattern: CARD_PILE_ID,
          maxLength: 4,
        }),
        cards: req({ type: 'integer', doc: 'how many cards', min: 1, max: 255 }),
        faceDown: opt(flag('dealt face down (tableau piles only): turned up when uncovered'), false),
      },
    },
    {
      type: 'object',
      doc: 'one card to each tableau pile of a range in turn, the whole row `times` over',
      props: {
        row: req({ type: 'enum', doc: 'the tableau', values: ['t'] }),
        from: opt({ type: 'integer', doc: 'first pile of the range', min: 0, max: 31 }, 0),
        to: opt({ type: 'integer', doc: 'last pile of the range (absent: the last tableau pile)', min: 0, max: 31 }, null),
        times: opt({ type: 'integer', doc: 'how many rows', min: 1, max: 255 }, 1),
        faceDown: opt(flag('dealt face down: turned up when uncovered'), false),
      },
    },
  ],
};

const MOVES = ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'r>t', 'f>t', 'f>f'];

/** The rules of one game, as in docs/rules.md. */
export const RULES_SCHEMA: Schema = {
  type: 'object',
  doc: 'the rules of a patience game (docs/rules.md)',
  props: {
    id: req({ type: 'string', doc: 'the game id: lower case words joined by -', pattern: GAME_WORDS, maxLength: 60 }),
    name: req(text('the name people know it by', 100)),
    source: req(text('where the rules come from: rule ids, pages, programs')),
    decks: req({ type: 'integer', doc: 'full 52-card decks', min: 1, max: 4 }),
    stated: opt(
      {
        type: 'either',
        doc: 'a win rate stated for the game, or null',
        options: [
          {
            type: 'object',
            doc: 'a stated win rate',
            props: {
              rate: req({ type: 'number', doc: 'as a fraction: 0.2 for 20 %', min: 0, max: 1 }),
              source: req(text('who states it, for what play')),
            },
          },
          { type: 'null', doc: 'none stated' },
        ],
      },
      null,
    ),
    foundations: req({ type: 'array', doc: 'the foundation groups, f0.. in order', items: foundationGroup, min: 1, max: 8 }),
    tableau: req({
      type: 'object',
      doc: 'the tableau piles t0..',
      props: {
        count: req({ type: 'integer', doc: 'piles', min: 1, max: 32 }),
        build: req(build),
        capacity: opt(
          {
            type: 'either',
            doc: 'cards at most on one pile: 1 for a one-card slot; null for no limit',
            options: [
              { type: 'integer', doc: 'a limit', min: 1, max: 255 },
              { type: 'null', doc: 'no limit' },
            ],
          },
          null,
        ),
        runs: opt(
          {
            type: 'enum',
            doc: "what moves as a unit: 'single' cards only; a run 'built' by the tableau's rule; 'any' face-up cards",
            values: ['single', 'built', 'any'],
          },
          'single',
        ),
        spaces: opt(
          {
            type: 'enum',
            doc: "what a player may put into an empty pile: 'any' card or run, 'kings' (or a run from a King), 'none'",
            values: ['any', 'kings', 'none'],
          },
          'any',
        ),
        autoFill: opt(
          {
            type: 'enum',
            doc: "an emptied pile is filled at once: from the waste, else the stock ('waste-then-stock'), from the stock ('stock'), or not ('none'); a space is the player's once those are out",
            values: ['none', 'waste-then-stock', 'stock'],
          },
          'none',
        ),
      },
    }),
    reserves: opt(
      {
        type: 'array',
        doc: 'the reserves r0..: piles dealt once, never built on',
        items: {
          type: 'object',
          doc: 'a reserve',
          props: {
            cards: req({ type: 'integer', doc: 'cards the deal gives it', min: 1, max: 255 }),
            visible: opt({ type: 'enum', doc: "whether a player sees 'all' its cards or only its 'top'", values: ['all', 'top'] }, 'all'),
          },
        },
        max: 16,
      },
      [],
    ),
    stock: opt(
      {
        type: 'object',
        doc: 'the stock and its draw',
        props: {
          draw: opt(
            {
              type: 'enum',
              doc: "'to-waste': turn cards onto the waste; 'to-every-tableau-pile': deal one card onto each tableau pile (no waste)",
              values: ['to-waste', 'to-every-tableau-pile'],
            },
            'to-waste',
          ),
          drawCount: opt({ type: 'integer', doc: 'cards turned onto the waste at a time', min: 1, max: 52 }, 1),
          redeals: opt(
            {
              type: 'either',
              doc: "how often the waste may be turned over into a new stock: a number, or 'unlimited'",
              options: [
                { type: 'integer', doc: 'redeals', min: 0, max: 255 },
                { type: 'enum', doc: 'no limit', values: ['unlimited'] },
              ],
            },
            0,
          ),
          lockedUntilFoundation: opt(
            flag('the stock may be drawn only while a foundation holds a card besides the dealt first cards (firstCards)'),
            false,
          ),
        },
      },
      {},
    ),
    moves: req({
      type: 'array',
      doc: `which pile kinds play to which: ${MOVES.join(', ')} ('f>t' takes a card back)`,
      items: { type: 'enum', doc: 'a move kind', values: MOVES },
      min: 1,
      max: 8,
    }),
    opening: opt(
      {
        type: 'either',
        doc: 'the moves allowed while no foundation holds a card besides the dealt first cards, or null for every move',
        options: [
          {
            type: 'array',
            doc: "move kinds of 'moves', one at least playing to a foundation (the Terrace family: t>f); the draw is stock.lockedUntilFoundation's",
            items: { type: 'enum', doc: 'a move kind', values: MOVES },
            min: 1,
            max: 8,
          },
          { type: 'null', doc: 'every move of moves from the start' },
        ],
      },
      null,
    ),
    deal: req({ type: 'array', doc: 'the deal, in order; the cards left form the stock', items: dealStep, min: 1, max: 256 }),
    variants: opt(
      {
        type: 'object',
        doc: 'other readings of the same game, by variant id: `GAME:VARIANT` names one',
        props: {},
        open: {
          type: 'object',
          doc: 'a variant',
          props: {
            description: req(text('what this reading changes, and who reads it so')),
            rules: req({
              type: 'object',
              doc: 'the keys this reading changes: merged into the game, objects key by key, lists and values replaced',
              props: {},
              open: { type: 'either', doc: 'any value', options: [] },
            }),
          },
        },
      },
      {},
    ),
  },
};
