// Input the hostile run of issue 54 found accepted or answered unclearly: inherited object keys
// (toString, constructor, __proto__) taken for rules keys, duplicate JSON keys read last-wins, and
// messages that did not name the problem (`rules` without a game, a variant of a rules file read
// without --game, a solve result given as a position, a game id that is not a string, --schema
// beside a game, `merge -o` over another study's results). Each is one line and exit 2.
import { describe, expect, it } from 'vitest';
import { cliScratchFolder, expectOneLineError, patience, type Run } from './support/helpers.js';

const { file } = cliScratchFolder('patience-input-messages-');

/** A refusal: one line naming the problem, exit 2. */
function refused(r: Run, ...patterns: RegExp[]): void {
  expectOneLineError(r, ...patterns);
  expect(r.status, r.stderr).toBe(2);
}

/** Klondike's rules as a file of one's own (id 'mine'), as JSON text, with no variants. */
function mine(): Record<string, unknown> {
  const r = patience('rules', '--game', 'klondike');
  expect(r.status, r.stderr).toBe(0);
  const rules = JSON.parse(r.stdout) as Record<string, unknown>;
  rules.id = 'mine';
  delete rules.variants;
  return rules;
}

/** `text` (an object's JSON) with `extra` written in before its closing brace. */
const withKey = (text: string, extra: string): string => `${text.slice(0, text.lastIndexOf('}'))}, ${extra}}`;

describe('inherited object keys are unknown keys like any other', { timeout: 60_000 }, () => {
  it('--rule toString=1 and --rule stock.hasOwnProperty=1', () => {
    refused(patience('rules', '--game', 'klondike', '--rule', 'toString=1'), /unknown key 'toString'/);
    refused(patience('rules', '--game', 'klondike', '--rule', 'valueOf=1'), /unknown key 'valueOf'/);
    refused(patience('rules', '--game', 'klondike', '--rule', 'stock.hasOwnProperty=1'), /stock: unknown key 'hasOwnProperty'/);
    refused(patience('deal', '--game', 'klondike', '--seed', '1', '--rule', 'tableau.build.isPrototypeOf=1'), /unknown key/);
  });

  it('"constructor", "valueOf", "__proto__" in a rules file, at the top, in an object, in a variant', () => {
    const text = JSON.stringify(mine());
    for (const key of ['constructor', 'valueOf', '__proto__', 'toString', 'hasOwnProperty']) {
      refused(patience('rules', '--rules', file(`top-${key}.json`, withKey(text, `"${key}": 1`))), new RegExp(`unknown key '${key}'`));
      refused(
        patience('rules', '--rules', file(`stock-${key}.json`, text.replace('"stock":{', `"stock":{"${key}":1,`))),
        new RegExp(`stock: unknown key '${key}'`),
      );
    }
    // Objects are checked whole too, not only key by key.
    refused(
      patience('rules', '--rules', file('proto-object.json', withKey(text, '"__proto__": {"name": "x"}'))),
      /unknown key '__proto__'/,
    );
    // A variant named __proto__, and a variant whose rules change __proto__.
    refused(
      patience(
        'rules',
        '--rules',
        file('variant-proto.json', withKey(text, '"variants": {"__proto__": {"description": "x", "rules": {}}}')),
      ),
      /__proto__/,
    );
    refused(
      patience(
        'rules',
        '--rules',
        file('variant-rules-proto.json', withKey(text, '"variants": {"d1": {"description": "x", "rules": {"__proto__": {"moves": []}}}}')),
        '--game',
        'mine:d1',
      ),
      /unknown key '__proto__'/,
    );
    refused(
      patience(
        'rules',
        '--rules',
        file('variant-constructor.json', withKey(text, '"variants": {"d1": {"description": "x", "rules": {"constructor": 1}}}')),
      ),
      /unknown key 'constructor'/,
    );
  });
});

