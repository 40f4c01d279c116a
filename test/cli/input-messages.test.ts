// Input the hostile run of issue 54 found accepted or answered unclearly: inherited object keys
// (toString, constructor, __proto__) taken for rules keys, duplicate JSON keys read last-wins, and
// messages that did not name the problem (`rules` without a game, a variant of a rules file read
// without --game, a solve result given as a position, a game id that is not a string, --schema
// beside a game, `merge -o` over another study's results). Each is one line and exit 2.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from '../../src/errors.js';
import { parseUserJson } from '../../src/files.js';
import { cliScratchFolder, expectOneLineError, patience, type Run } from '../support/helpers.js';

const { file, path } = cliScratchFolder('patience-input-messages-');

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

describe('a duplicate key in JSON the user gives is an error naming the key', { timeout: 60_000 }, () => {
  it('in a rules file, plain and written with an escape', () => {
    const text = JSON.stringify(mine());
    const twice = file('dup.json', text.replace('"stock":{', '"stock":{"redeals":5,'));
    refused(patience('rules', '--rules', twice), new RegExp(`rules file ${twice}: the key 'redeals' appears twice in one object`));
    refused(patience('deal', '--rules', twice, '--seed', '1'), /the key 'redeals' appears twice/);
    const escaped = file('dup-escaped.json', text.replace('"stock":{', '"stock":{"r\\u0065deals":5,'));
    refused(patience('rules', '--rules', escaped), /the key 'redeals' appears twice in one object/);
    refused(patience('rules', '--rules', file('dup-top.json', withKey(text, '"id": "mine"'))), /the key 'id' appears twice/);
  });

  it('in a position, and in a --rule value', () => {
    const deal = patience('deal', '--game', 'klondike', '--seed', '1', '--json');
    expect(deal.status, deal.stderr).toBe(0);
    const text = deal.stdout.trim();
    refused(
      patience('deal', '-p', file('pos-dup.json', withKey(text, '"game": "klondike"'))),
      /position: the key 'game' appears twice in one object/,
    );
    refused(patience('hint', '-p', file('pos-dup-esc.json', withKey(text, '"t\\u0061bleau": []'))), /the key 'tableau' appears twice/);
    refused(patience('rules', '--game', 'klondike', '--rule', 'stock={"redeals":1,"redeals":2}'), /the key 'redeals' appears twice/);
  });

  it('keys of other objects, values and strings with escaped quotes are no duplicates; the scan is linear', () => {
    const ok = [
      '{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}',
      '{"a": "a", "b": "a", "c": ["a", "a"]}',
      '{"a\\"": 1, "a": 2, "a\\\\": 3, "\\"a": 4}',
      '{"x": {"y": {}}, "y": {"x": {"x": [1, {"x": 0}]}}}',
      '{"": 1, " ": 2}',
      '[{"a": 1}, {"a": 1}]',
    ];
    for (const text of ok) expect(parseUserJson(text, 'test')).toEqual(JSON.parse(text));
    const bad: [string, string][] = [
      ['{"a": 1, "a": 2}', 'a'],
      ['{"b": [{"a": 1, "\\u0061": 2}]}', 'a'],
      ['{"": 1, "": 2}', ''],
      ['{"x": {}, "y": {"z": 1, "w": "z", "z": 2}}', 'z'],
      ['{"a\\"b": 1, "a\\u0022b": 2}', 'a"b'],
    ];
    for (const [text, key] of bad) {
      expect(() => parseUserJson(text, 'test')).toThrow(UsageError);
      expect(() => parseUserJson(text, 'test')).toThrow(`test: the key '${key}' appears twice in one object`);
    }
    // 200,000 keys in one object and 100,000 small objects: no time to speak of.
    const many = `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}": ${i}`).join(',')}}`;
    const objects = `[${Array.from({ length: 100_000 }, () => '{"a": 1, "b": "a"}').join(',')}]`;
    const t0 = performance.now();
    parseUserJson(many, 'test');
    parseUserJson(objects, 'test');
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(() => parseUserJson(withKey(many, '"k199999": 0'), 'test')).toThrow("the key 'k199999' appears twice");
  });
});

describe('messages that name the problem', { timeout: 60_000 }, () => {
  it('`rules` with no game says to give one, or --schema', () => {
    refused(patience('rules'), /--game/, /--rules FILE/, /--schema/);
    refused(patience('rules', '--variant', 'draw-1'), /--game/);
  });

  it("`rules --rules FILE --variant V` prints the variant of the file's game", () => {
    const rules = {
      ...mine(),
      variants: { 'draw-1': { description: 'one card at a time', rules: { name: 'Mine, draw 1', stock: { drawCount: 1 } } } },
    };
    const own = file('mine-variants.json', rules);
    const base = patience('rules', '--rules', own);
    expect(base.status, base.stderr).toBe(0);
    expect(JSON.parse(base.stdout).stock.drawCount).toBe(3);
    for (const args of [
      ['--variant', 'draw-1'],
      ['--game', 'mine', '--variant', 'draw-1'],
      ['--game', 'mine:draw-1'],
    ]) {
      const r = patience('rules', '--rules', own, ...args);
      expect(r.status, r.stderr).toBe(0);
      const printed = JSON.parse(r.stdout);
      expect(printed.stock.drawCount, args.join(' ')).toBe(1);
      expect(printed.name).toBe('Mine, draw 1');
      expect(printed.id).toBe('mine');
    }
    refused(patience('rules', '--rules', own, '--variant', 'draw-9'), /unknown variant 'mine:draw-9'/);
    refused(patience('rules', '--rules', '-', '--variant', 'draw-1'), /--game ID:draw-1/);
  });

  it('a solve result given where a position is read says what it is', () => {
    const solved = patience('solve', '--game', 'klondike', '--seed', '2', '--json', '--max-nodes', '1000', '--time-limit', '0');
    expect(solved.status, solved.stderr).toBe(0);
    const result = file('result.json', solved.stdout);
    for (const cmd of ['hint', 'deal', 'solve'])
      refused(patience(cmd, '-p', result), /a solve result or a played game, not a position/, /show/, /check/, /'position'/);
    // Its position alone is read.
    const position = file('its-position.json', JSON.parse(solved.stdout).position);
    expect(patience('deal', '-p', position).status).toBe(0);
  });

  it("a 'game' that is not a string is named", () => {
    const deal = JSON.parse(patience('deal', '--game', 'klondike', '--seed', '1', '--json').stdout);
    refused(patience('deal', '-p', file('game-5.json', { ...deal, game: 5 })), /'game' must be a game id \(a string\), not 5/);
    refused(
      patience('deal', '-p', file('game-list.json', { ...deal, game: ['klondike'] })),
      /'game' must be a game id \(a string\), not a list/,
    );
    const { game: _, ...noGame } = deal;
    refused(patience('deal', '-p', file('no-game.json', noGame)), /position has no 'game'/);
  });

  it('--schema beside a game is refused: the schema is the format’s', () => {
    for (const args of [
      ['-g', 'klondike'],
      ['--variant', 'draw-1'],
      ['--rule', 'stock.redeals=1'],
      ['--rules', 'x.json'],
    ])
      refused(patience('rules', '--schema', ...args), /--schema/, /not a game's/);
    const schema = patience('rules', '--schema');
    expect(schema.status, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout).title).toBe('patience-solver rules');
  });
});

describe('merge -o does not replace results rows it does not read', { timeout: 60_000 }, () => {
  const FAST = ['--player', 'greedy', '--time-limit', '0', '--memory', '16', '--quiet', '--workers', '1'];
  const study = (name: string, game: string): string => {
    const out = path(name);
    const r = patience('winrate', '--game', game, '--deals', '2', '--out', out, ...FAST);
    expect(r.status, r.stderr).toBe(0);
    return out;
  };

  it("refuses another study's file, and writes a new file, stdout, a non-results file, or an earlier merge of the same rows", () => {
    const a = study('a.csv', 'double-dot');
    const other = study('other.csv', 'signora');
    const before = readFileSync(other, 'utf8');
    refused(patience('merge', a, '-o', other), /other\.csv holds results rows this merge does not read/, /another file|delete it/);
    expect(readFileSync(other, 'utf8')).toBe(before);

    const merged = path('merged.csv');
    expect(patience('merge', a, '-o', merged).status).toBe(0);
    const once = readFileSync(merged, 'utf8');
    // Merged again (the same rows, or more of them): replaced.
    const again = patience('merge', a, '-o', merged);
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(merged, 'utf8')).toBe(once);
    const both = patience('merge', a, other, '-o', merged);
    expect(both.status, both.stderr).toBe(0);
    // ... but not when fewer are read than it holds.
    refused(patience('merge', a, '-o', merged), /merged\.csv holds results rows this merge does not read/);

    const notes = file('notes.txt', 'some notes\n');
    expect(patience('merge', a, '-o', notes).status).toBe(0);
    expect(readFileSync(notes, 'utf8')).toBe(once);
    const out = patience('merge', a, '-o', '-');
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toBe(once);

    // A file that starts as results but cannot be read as them is refused, not replaced.
    const broken = path('broken.csv');
    writeFileSync(broken, `${before.split('\n')[0]}\nnot,a,row\n`);
    refused(patience('merge', a, '-o', broken), /broken\.csv holds results rows/);
  });
});
