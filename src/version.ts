// Which code made a result: the package's version and, when the program runs from a git
// checkout of its own, the commit, as semver build metadata (`0.1.0+` and the short commit id);
// `.dirty` is added when the code differs from that commit, or when the compiled program in
// dist/ is older than the sources (built before a checkout or a pull), so a row never claims a
// commit that did not make it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What in the checkout is code (results and docs may change without changing an answer). */
const CODE = ['src', 'bin', 'package.json', 'package-lock.json', 'tsconfig.json'];

let cached: string | undefined;

/** The `solver` column of a results row. */
export function solverVersion(): string {
  cached ??= readVersion();
  return cached;
}

function readVersion(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  try {
    // A package installed inside another project's checkout must not take that project's commit.
    if (fileURLToPath(new URL(`file://${git('rev-parse', '--show-toplevel')}/`)) !== root) return version;
    const commit = git('rev-parse', '--short=7', 'HEAD');
    const here = fileURLToPath(import.meta.url);
    const built = here.startsWith(join(root, 'dist')) && builtBefore(here, join(root, 'src'));
    const dirty = built || git('status', '--porcelain', '--untracked-files=no', '--', ...CODE) !== '';
    return `${version}+${commit}${dirty ? '.dirty' : ''}`;
  } catch {
    return version; // no git, or not a checkout
  }
}

/** Whether `builtFile` is older than some source file under `sources` (its build predates them). */
export function builtBefore(builtFile: string, sources: string): boolean {
  const built = statSync(builtFile).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? newer(join(dir, e.name)) : e.name.endsWith('.ts') && statSync(join(dir, e.name)).mtimeMs > built,
    );
  return newer(sources);
}
