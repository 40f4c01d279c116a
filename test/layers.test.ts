// The layers of src/ as its imports draw them: the engine (src/engine/) holds the game's tables,
// the position and its moves, and imports nothing from the search, the players, the study, the
// command line or the viewer, which are built on it; and no two files of src/ import each other,
// directly or round a circle, so that each can be read (and loaded) after what it builds on.
// Every relative specifier counts: `import`, `import type`, `export ... from` and `import('...')`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/helpers.js';

const SRC = join(ROOT, 'src');
/** The folders of src/ built on the engine, which it must not import from (the referee and the page read the rules with code of their own). */
const ABOVE_ENGINE = ['search', 'solve', 'player', 'study', 'cli', 'show', 'referee'];
/** Files src/ may hold at its root: shared plumbing; everything else lives in the folder of its role. */
const MOST_ROOT_FILES = 4;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The relative specifiers a source imports, as TypeScript's own pre-processor finds them (comments and strings aside). */
const specifiers = (text: string): string[] =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));

/** Each src/ file (path relative to src/, `/`-separated) and the src/ files it imports. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = specifiers(text).map((s) => join(dirname(file), s.replace(/\.js$/, '.ts')).replaceAll('\\', '/'));
    graph.set(
      file,
      [...new Set(targets)].filter((t) => files.has(t)),
    );
  }
  return graph;
}

/** The imports from a file under engine/ into a folder above it, as `from -> to`. */
function engineImportsAbove(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith('engine/')) continue;
    for (const t of targets) if (ABOVE_ENGINE.some((dir) => t.startsWith(`${dir}/`))) found.push(`src/${file} -> src/${t}`);
  }
  return found;
}

/**
 * The import circles, one per strongly connected set of files (Tarjan's algorithm), each named
 * by a shortest circle through its first file: `a.ts -> b.ts -> a.ts`.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const sets: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 || (graph.get(v) ?? []).includes(v)) sets.push(set.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return sets.map((set) => {
    // Breadth first from the set's first file back to it, within the set.
    const start = set[0]!;
    const from = new Map<string, string>();
    const queue = [start];
    while (!from.has(start)) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? [])
        if (set.includes(w) && !from.has(w)) {
          from.set(w, v);
          queue.push(w);
        }
    }
    const circle = [start];
    for (let v = from.get(start)!; v !== start; v = from.get(v)!) circle.unshift(v);
    circle.unshift(start);
    return circle.map((f) => `src/${f}`).join(' -> ');
  });
}

const readSources = (): Map<string, string> =>
  new Map(sources(SRC).map((path) => [relative(SRC, path).replaceAll('\\', '/'), readFileSync(path, 'utf8')]));

describe('layers of src/', () => {
  it('find what they are asked to find', () => {
    const files = new Map([
      ['engine/a.ts', "import { b } from '../search/b.js';\nexport const a = 1;"],
      ['search/b.ts', "import type { a } from '../engine/a.js';\nexport const b = 2;"],
      ['c.ts', "// import { d } from './d.js';\nexport const c = () => import('./d.js');"],
      ['d.ts', "export { c } from './c.js';\nimport './e.js';"],
      ['e.ts', 'const s = "from \'./c.js\'";'],
    ]);
    const graph = importGraph(files);
    expect(graph.get('c.ts')).toEqual(['d.ts']);
    expect(graph.get('d.ts')).toEqual(['c.ts', 'e.ts']);
    expect(graph.get('e.ts')).toEqual([]);
    expect(engineImportsAbove(graph)).toEqual(['src/engine/a.ts -> src/search/b.ts']);
    expect(importCircles(graph)).toEqual(['src/c.ts -> src/d.ts -> src/c.ts', 'src/engine/a.ts -> src/search/b.ts -> src/engine/a.ts']);
  });

  it('every relative import of src/ names a file that exists, so that none escapes the checks below', () => {
    const missing: string[] = [];
    for (const [file, text] of readSources())
      for (const s of specifiers(text)) {
        const target = resolve(SRC, dirname(file), s.replace(/\.js$/, '.ts'));
        if (!existsSync(target) && !existsSync(resolve(SRC, dirname(file), s))) missing.push(`src/${file}: ${s}`);
      }
    expect(missing).toEqual([]);
  });

  it('the engine imports nothing from the search, solving, the players, the study, the command line, the viewer or the referee', () => {
    expect(engineImportsAbove(importGraph(readSources()))).toEqual([]);
  });

  it('the notation imports nothing from src/: every reader of the format, the referee too, can share it', () => {
    const graph = importGraph(readSources());
    expect([...graph].filter(([file, targets]) => file.startsWith('notation/') && targets.length > 0).map(([file]) => file)).toEqual([]);
  });

  it('no import circle among src/ files', () => {
    expect(importCircles(importGraph(readSources()))).toEqual([]);
  });

  it(`at most ${MOST_ROOT_FILES} files at the root of src/, and every folder says what it holds in a README.md`, () => {
    const root = readdirSync(SRC, { withFileTypes: true });
    expect(root.filter((e) => e.isFile()).map((e) => e.name).length).toBeLessThanOrEqual(MOST_ROOT_FILES);
    const folders = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);
    expect(
      folders(SRC)
        .filter((dir) => !existsSync(join(dir, 'README.md')))
        .map((dir) => relative(ROOT, dir)),
    ).toEqual([]);
  });
});
