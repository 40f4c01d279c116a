// `patience games` lists what the tool can play; `patience rules` prints a game's rules as a file
// holds them, a start for a game of one's own, or the schema a rules file follows.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseUserJson, readJsonFile } from '../files.js';
import { gameFiles, gameToJson, rulesHashOf } from '../games/index.js';
import { readGameFile } from '../games/read.js';
import { jsonSchema } from '../games/schema-check.js';
import { gameFromFlags, rulesOptions, run } from './io.js';

export function gamesCommand(program: Command): void {
  program
    .command('games')
    .description('list the games and their variants (other readings), with stated win rates and sources')
    .option('--json', 'print them as JSON')
    .action((opts: { json?: boolean }) =>
      run(() => {
        const rows = gameFiles().flatMap((f) => [
          { id: f.game.id, name: f.game.name, stated: f.game.stated, source: f.game.source, rulesHash: rulesHashOf(f.game.id) },
          ...[...f.variants.values()].map((v) => ({
            id: v.game.id,
            name: v.game.name,
            stated: v.game.stated,
            source: v.description,
            rulesHash: rulesHashOf(v.game.id),
          })),
        ]);
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(rows)}\n`);
          return;
        }
        const width = Math.max(...rows.map((r) => r.id.length));
        const lines = rows.map((r) => {
          // A variant is a line of its own under its game, indented, with what it changes.
          if (r.id.includes(':')) return `${r.id.padEnd(width)}    ${r.source}`;
          const stated = r.stated ? `stated ${Math.round(r.stated.rate * 1000) / 10} % (${r.stated.source})` : 'no stated rate';
          return `${r.id.padEnd(width)}  ${r.name}: ${stated}\n${' '.repeat(width + 2)}rules: ${r.source}`;
        });
        process.stdout.write(`${lines.join('\n')}\n`);
      }),
    );
}

export function rulesCommand(program: Command): void {
  rulesOptions(
    program
      .command('rules')
      .description(
        "print a game's rules as JSON (docs/rules.md): a start for a rules file of your own (give it an id of its own: a built-in id is refused for --rules)",
      )
      .option('-g, --game <id>', 'game id, GAME or GAME:VARIANT')
      .option('--variant <v>', 'the variant (the same as --game GAME:VARIANT; with --rules FILE alone, a variant of its game)')
      .option('--schema', 'print the JSON Schema a rules file follows instead'),
  ).action((opts: { game?: string; variant?: string; rules?: string; rule?: string[]; schema?: boolean }) =>
    run(() => {
      const chosen = opts.game !== undefined || opts.variant !== undefined || opts.rules !== undefined || !!opts.rule?.length;
      if (opts.schema) {
        if (chosen)
          throw new UsageError(
            "--schema prints the JSON Schema of the rules format, not a game's: give it alone (without --game, --variant, --rules or --rule)",
          );
        process.stdout.write(`${JSON.stringify(jsonSchema(), null, 2)}\n`);
        return;
      }
      if (opts.game === undefined && opts.rules === undefined)
        throw new UsageError(
          `give --game G (or --rules FILE)${opts.variant !== undefined ? ' with --variant' : ''} to print a game's rules, or --schema for the JSON Schema of the format`,
        );
      const base = opts.game ?? (opts.variant !== undefined ? rulesFileId(opts.rules!, opts.variant) : undefined);
      const id = opts.variant !== undefined && base !== undefined ? `${base.trim()}:${opts.variant.trim()}` : base;
      const game = gameFromFlags({ ...opts, ...(id !== undefined ? { game: id } : {}) })!;
      process.stdout.write(`${JSON.stringify(gameToJson(game), null, 2)}\n`);
    }),
  );
}

/**
 * The id of the game a rules file describes, for `--variant V` given with `--rules FILE` and no
 * `--game` (the variant's id is FILEID:V), read and checked as the game is (it is read again to make it).
 */
function rulesFileId(file: string, variant: string): string {
  if (file === '-')
    throw new UsageError(
      `--rules - (standard input, read once) with --variant: give --game ID:${variant.trim()} instead (ID: the file's id)`,
    );
  return readGameFile(parseUserJson(readJsonFile(file, 'rules file'), `rules file ${file}`), file).game.id;
}
