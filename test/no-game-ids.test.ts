// No code names a game: the engine, the search, the referee, the viewer, the players and the
// command line read rules (rules/*.json), so a game of one's own needs no code change.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownIds } from '../src/games/index.js';
import { ROOT } from './support/helpers.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('no game ids in src/', () => {
  it('no source file under src/ holds the id of a built-in game', () => {
    // Game ids, not variant ids: a variant's id is a plain phrase ("no-take-backs") that code may use as words.
    const ids = [...new Set(knownIds().map((id) => id.split(':')[0]!))];
    expect(ids).toContain('mamy-susan');
    expect(ids).toContain('klondike');
    const found: string[] = [];
    for (const file of sources(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const id of ids) if (new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text)) found.push(`${file.slice(ROOT.length)}: ${id}`);
    }
    expect(found).toEqual([]);
  });
});
