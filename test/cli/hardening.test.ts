// Hostile input and misuse, as a hostile user tried them (issue 12): forged results that `check`
// must refuse, positions whose seed lies, JSON nested 100,000 deep, devices and huge files as
// input, a write that fails, control characters, a byte-order mark, odd spellings of 0, a file
// that is also the output, and the results file's mode kept by --rerun-unknown. Every case is
// run through the built command line (dist/).
import { describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { chmodSync, closeSync, existsSync, linkSync, openSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { getGame } from '../../src/games/index.js';
import { replay } from '../../src/referee/referee.js';
import { solvePosition } from '../../src/solve/solve.js';
import { BIN, cliScratchFolder, expectOneLineError, patience, ROOT, solveResult, type Run } from '../support/helpers.js';

const { file, path } = cliScratchFolder('patience-hardening-');

/** Double Dot seed 2 and its winning line (found once, with a node limit). */
function wonDeal(): { position: Position; moves: string[] } {
  const position = dealGame(getGame('double-dot'), 2);
  const solved = solvePosition(position, { memoryMb: 16, maxNodes: 200_000, timeLimit: 0 });
  expect(solved.result).toBe('won');
  return { position, moves: solved.moves };
}

/** Runs the CLI and gives the wall time too. */
function timed(...args: string[]): Run & { ms: number } {
  const t0 = Date.now();
  const r = patience(...args);
  return { ...r, ms: Date.now() - t0 };
}

describe('check refuses forged results, with one line saying why', { timeout: 60_000 }, () => {
  const won = wonDeal();

  it('a genuine won result passes', () => {
    const r = patience('check', file('genuine.json', solveResult(won.position, won.moves, 'won')));
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(`ok: won in ${won.moves.length} moves`);
  });

  it("a seed that is not the deal's (seed 2's cards published as seed 99)", () => {
    const forged = { ...won.position, seed: 99 };
    expectOneLineError(patience('check', file('seed99.json', solveResult(forged, won.moves, 'won'))), /seed 99/, /not the deal/);
    // The top-level seed alone, or disagreeing with the position's.
    const { seed: _seed, ...unseeded } = won.position;
    expectOneLineError(
      patience('check', file('top99.json', { ...solveResult(unseeded as Position, won.moves, 'won'), seed: 99 })),
      /seed 99/,
    );
    expectOneLineError(
      patience('check', file('top-vs-pos.json', { ...solveResult(won.position, won.moves, 'won'), seed: 5 })),
      /seed 5 is not its position's seed 2/,
    );
  });

  it('lost or unknown carrying a winning line', () => {
    for (const outcome of ['lost', 'unknown']) {
      expectOneLineError(
        patience('check', file(`claim-${outcome}.json`, solveResult(won.position, won.moves, outcome))),
        new RegExp(`moves win, but the result says ${outcome}`),
      );
    }
  });

  it("a top-level game other than the position's", () => {
    expectOneLineError(
      patience('check', file('game.json', { ...solveResult(won.position, won.moves, 'won'), game: 'mamy-susan' })),
      /mamy-susan/,
      /double-dot/,
    );
    const noGame = solveResult(won.position, won.moves, 'won');
    delete noGame.game;
    expectOneLineError(patience('check', file('nogame.json', noGame)), /no 'game'/);
  });

  it('moves after the game is won (a card taken back from a foundation and put home again)', () => {
    const final = replay(won.position, won.moves);
    expect(final.ok && final.won).toBe(true);
    // Double Dot: a foundation's top card may go back to the tableau (DD-6), then home again.
    const moves = [...won.moves, 'f0>t0', 't0>f0'];
    expectOneLineError(
      patience('check', file('after-win.json', solveResult(won.position, moves, 'won'))),
      /move \d+ 'f0>t0'/,
      /already won/,
    );
  });
});

describe('positions and results that lie or attack the reader', { timeout: 60_000 }, () => {
  it('solve --position refuses a position whose seed does not match its cards (deal and play too)', () => {
    const p = dealGame(getGame('mamy-susan'), 3);
    const lying = file('lying.json', { ...p, seed: 4 });
    for (const cmd of ['solve', 'deal', 'play']) expectOneLineError(patience(cmd, '--position', lying), /seed 4/, /leave 'seed' out/);
    const { seed: _seed, ...typed } = p;
    expect(patience('solve', '--position', file('typed.json', typed), '--max-nodes', '100').status).toBe(0);
  });

  it('JSON nested 100,000 deep as a card, a pile or the base: exit 2, one line, in deal, solve, play and check', () => {
    const deal = dealGame(getGame('double-signora'), 1);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = JSON.stringify({ ...deal, seed: undefined });
    const variants = {
      card: text.replace('"tableau":[[', `"tableau":[[${deep},`),
      pile: text.replace('"tableau":[', `"tableau":[${deep},`),
      base: text.replace('"base":null', `"base":${deep}`),
    };
    for (const [where, json] of Object.entries(variants)) {
      expect(json).not.toBe(text);
      const f = file(`deep-${where}.json`, json);
      for (const cmd of ['deal', 'solve', 'play']) {
        const r = timed(cmd, '--position', f);
        expectOneLineError(r, /nested more than 32 levels/);
        expect(r.status).toBe(2);
      }
      const res = file(`deep-result-${where}.json`, `{"game":"double-signora","result":"unknown","moves":[],"position":${json}}`);
      const c = patience('check', res);
      expectOneLineError(c, /nested more than 32 levels/);
      expect(c.status).toBe(2);
    }
  }, 60_000);

  it('devices and huge files as input stop at once with one line (exit 2)', () => {
    const cases: string[][] = [
      ['solve', '--position', '/dev/zero'],
      ['deal', '--position', '/dev/urandom'],
      ['check', '/dev/urandom'],
      ['check', '/dev/zero'],
      ['summary', '/dev/zero'],
      ['summary', '/dev/urandom'],
      ['plot', '/dev/zero'],
      ['solve', '--position', file('huge.json', `{"game":"double-dot","x":"${'a'.repeat(5 * 2 ** 20)}"}`)],
    ];
    for (const args of cases) {
      const r = timed(...args);
      expectOneLineError(r);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.ms, args.join(' ')).toBeLessThan(10_000); // unbounded reads ran for 30 s and more
    }
  }, 60_000);

  it('a pile given as a nested list says so', () => {
    const p = dealGame(getGame('double-dot'), 1);
    const { seed: _seed, ...typed } = p;
    const nested = { ...typed, stock: [typed.stock] };
    expectOneLineError(
      patience('deal', '--position', file('nested.json', nested)),
      /pile s: a card is a string such as "7H", not a list/,
      /brackets/,
    );
  });

  it('control characters in a card name are escaped in the error, never printed raw', () => {
    const p = dealGame(getGame('double-dot'), 1);
    const { seed: _seed, ...typed } = p;
    const r = patience('deal', '--position', file('ctrl.json', { ...typed, stock: ['3H\u001b[2J\u0007', ...typed.stock.slice(1)] }));
    expectOneLineError(r, /is not a card/);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(r.stderr).toContain('\\u001b[2J');
  });

  it('a UTF-8 byte-order mark before the JSON is accepted', () => {
    const p = dealGame(getGame('double-dot'), 1);
    const r = patience('deal', '--position', file('bom.json', `\ufeff${JSON.stringify(p)}`), '--json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(p);
    const won = patience('check', file('bom-result.json', `\ufeff${JSON.stringify(solveResult(p, [], 'unknown'))}`));
    expect(won.stdout).toMatch(/^ok: 0 legal moves/);
  });

  it('--time-limit 00 and 0.0 mean no limit, like 0; nonsense is still refused', () => {
    for (const t of ['00', '0.0', '0', '.5', '2.']) {
      const r = patience('solve', '--game', 'double-dot', '--seed', '2', '--time-limit', t, '--max-nodes', '500');
      expect(r.stderr, t).toBe('');
      expect(r.status, t).toBe(0);
    }
    for (const t of ['-1', 'x', '1e3', ''])
      expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '2', '--time-limit', t), /--time-limit/);
  });
});

describe('outputs', { timeout: 60_000 }, () => {
  let made = 0;
  /** A fresh results file each time (an earlier test gives one a hard link, which a run refuses). */
  const csv = (): string => {
    const out = path(`rows-${++made}.csv`);
    const r = patience(
      'winrate',
      '--game',
      'double-dot',
      '--deals',
      '3',
      '--out',
      out,
      '--time-limit',
      '0',
      '--max-nodes',
      '2000',
      '--memory',
      '16',
      '--quiet',
    );
    expect(r.status).toBe(0);
    return out;
  };

  it('an output that is one of the inputs is refused (plot, merge), by any name, and the input is kept', () => {
    const out = csv();
    const before = readFileSync(out, 'utf8');
    const link = path('hard-link.csv');
    linkSync(out, link);
    const sym = path('sym-link.csv');
    symlinkSync(out, sym);
    for (const target of [out, link, sym, `${path('')}/./${basename(out)}`]) {
      expectOneLineError(patience('plot', out, '--out', target), /is also an input/);
      expectOneLineError(patience('merge', out, '--out', target), /is also an input/);
    }
    expect(readFileSync(out, 'utf8')).toBe(before);
    const svg = patience('plot', out, '--out', path('chart.svg'));
    expect(svg.status).toBe(0);
  });

  it('a failed write stops at once with one line naming the file', () => {
    const w = timed('winrate', '--game', 'double-dot', '--deals', '200', '--time-limit', '1', '--out', '/dev/full', '--quiet');
    expectOneLineError(w, /cannot write '\/dev\/full': ENOSPC/);
    expect(w.ms).toBeLessThan(10_000);
    const input = csv();
    expectOneLineError(patience('plot', input, '--out', '/dev/full'), /cannot write '\/dev\/full'/);
    expectOneLineError(patience('merge', input, '--out', '/dev/full'), /cannot write '\/dev\/full'/);
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true); // written to, never renamed over
  });

  it('standard output that cannot be written gives every command exit code 74 and one line', () => {
    const full = openSync('/dev/full', 'w');
    try {
      for (const args of [
        ['deal', '-g', 'double-dot', '-s', '1'],
        ['solve', '-g', 'double-dot', '-s', '1'],
        ['play', '-g', 'double-dot', '-s', '1', '--player', 'greedy'],
        ['play', '-g', 'double-dot', '-s', '1', '--player', 'greedy', '--json'],
        ['hint', '-g', 'double-dot', '-s', '1', '--budget', '1'],
      ]) {
        const r = spawnSync(process.execPath, [BIN, ...args], {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: ['ignore', full, 'pipe'],
          timeout: 60_000,
        });
        expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(74);
        expect(r.stderr, args.join(' ')).toBe('patience: cannot write the output: ENOSPC\n');
      }
    } finally {
      closeSync(full);
    }
  });

  it('a write that fails in the middle of a run (the reader of a pipe goes away) stops the run at once', async () => {
    const fifo = path('rows.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // The reader takes one byte of the pipe and exits; every later write finds no reader (EPIPE).
    const sh = spawn('sh', ['-c', `head -c 1 < '${fifo}' > /dev/null`]);
    const readerGone = new Promise((res) => sh.on('exit', res));
    const t0 = Date.now();
    const run = spawn(
      process.execPath,
      [BIN, 'winrate', '--game', 'mamy-susan', '--deals', '300', '--time-limit', '2', '--workers', '1', '--out', fifo, '--quiet'],
      { cwd: ROOT, env: { ...process.env, PATIENCE_DEBUG: '' } },
    );
    let stderr = '';
    run.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((res) => run.on('exit', (c) => res(c)));
    await readerGone;
    expect(code).toBe(2);
    expect(stderr).toMatch(/^patience: cannot write '.*rows\.fifo': EPIPE\n$/);
    expect(Date.now() - t0).toBeLessThan(20_000); // 300 deals at up to 2 s would take minutes
  }, 30_000);

  it('--title with control characters is refused; one with markup is escaped, so the SVG stays well formed', () => {
    const input = csv();
    expectOneLineError(patience('plot', input, '--title', 'Win\u001b[31m rates'), /--title holds a control character/);
    const r = patience('plot', input, '--title', 'A & B <rates> "x"');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('A &amp; B &lt;rates&gt; &quot;x&quot;');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('a player column with a control character is refused by summary and plot', () => {
    const bad = file('ctrl-player.csv', 'game,seed,player,result\ndouble-dot,0,"x\u001b[2Jy",won\n');
    for (const cmd of ['summary', 'plot']) {
      const r = patience(cmd, bad);
      expectOneLineError(r, /control character/);
      expect(r.stderr).not.toContain('\u001b');
    }
  });

  it('--rerun-unknown keeps the file mode', () => {
    const out = path('mode.csv');
    const args = ['--game', 'mamy-susan', '--out', out, '--time-limit', '0', '--memory', '16', '--quiet', '--workers', '1'];
    expect(patience('winrate', '--deals', '3', '--max-nodes', '200', ...args).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/unknown/);
    chmodSync(out, 0o600);
    expect(patience('winrate', '--rerun-unknown', '--max-nodes', '300', ...args).status).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  }, 30_000);
});

describe('input echoed in an error is cut', { timeout: 60_000 }, () => {
  const won = wonDeal();

  it('a 3 MB game id or move gives a short line that still names the problem and says how long the input was', () => {
    const huge = 'x'.repeat(3_000_000);
    const game = patience('deal', '--position', file('huge-game.json', JSON.stringify({ game: huge })));
    expectOneLineError(game, /unknown game 'x{99}\.\.\. \(3000002 characters\) \(known: double-signora/);
    expect(game.stderr.length).toBeLessThan(2100);
    const moves = [`t0>${'1'.repeat(3_000_000)}`];
    for (const args of [['check'], ['show', '--out', path('huge.html')]]) {
      const r = patience(args[0]!, file('huge-move.json', solveResult(won.position, moves, 'won')), ...args.slice(1));
      expectOneLineError(r, /move 1 't0>1{96}\.\.\. \(3000005 characters\) is illegal/);
      expect(r.stderr.length).toBeLessThan(2100);
    }
  });

  it('a long message made of short words keeps its start and its end', () => {
    const words = Array.from({ length: 100_000 }, () => 'ab').join(' ');
    const r = patience('deal', '--position', file('many-words.json', JSON.stringify({ game: words })));
    expectOneLineError(
      r,
      /patience: unknown game 'ab ab .* \.\.\. .*ab ab' \(known: double-signora, double-aces-and-kings, double-dot, mamy-susan/,
    );
    expect(r.stderr.length).toBeLessThan(2100);
  });
});

describe('the small leniencies are refused, each in one line', { timeout: 60_000 }, () => {
  const won = wonDeal();
  const deal = (game: string, seed: number): Position => dealGame(getGame(game), seed);

  it('positions: a base given as a number, a seed given as a string, more stock and waste than the deal left', () => {
    const signora = deal('double-signora', 3);
    expectOneLineError(
      patience('deal', '--position', file('base7.json', { ...signora, seed: undefined, base: 7 })),
      /base 7 is not a rank/,
    );
    expectOneLineError(
      patience('deal', '--position', file('seed1.json', { ...won.position, seed: '1' })),
      /bad seed: a seed is a whole number, not "1"/,
    );
    const mamy = deal('mamy-susan', 1);
    // 59 cards in the stock after the deal; 40 of the tableau's cards moved to the waste as well.
    const stuffed = { ...mamy, seed: undefined, waste: mamy.tableau.flatMap((p) => p.splice(0)) };
    expectOneLineError(
      patience('deal', '--position', file('stuffed.json', stuffed)),
      /piles s and w: 59 and 40 cards, at most 59 together/,
    );
    const aces = deal('double-aces-and-kings', 1);
    const everything = {
      ...aces,
      seed: undefined,
      waste: [...aces.reserves.flatMap((p) => p.splice(0)), ...aces.tableau.flatMap((p) => p.splice(0)), ...aces.stock.splice(0)],
    };
    expectOneLineError(
      patience('deal', '--position', file('all-waste.json', everything)),
      /piles s and w: 0 and 208 cards, at most 148 together/,
    );
  });

  it('moves with leading zeros', () => {
    for (const move of ['t00>f0', 't0:01>t1', 't1>f00']) {
      const r = patience('check', file('zeros.json', solveResult(won.position, [move], 'won')));
      expectOneLineError(r, new RegExp(`'${move}' is not a move`));
    }
  });

  it('results rows: counts not written as whole numbers, table_full not true or false, a column named twice', () => {
    const header = 'game,seed,player,result,moves,nodes,ms,limit,table_full,time_limit,max_nodes,memory_mb,error';
    const row = (cells: Partial<Record<string, string>>): string =>
      header
        .split(',')
        .map(
          (c) =>
            cells[c] ??
            {
              game: 'double-dot',
              seed: '1',
              player: 'thoughtful',
              result: 'won',
              moves: '90',
              nodes: '100',
              ms: '1.5',
              table_full: 'false',
              time_limit: '10',
              max_nodes: '0',
              memory_mb: '256',
            }[c] ??
            '',
        )
        .join(',');
    expect(patience('summary', file('fine.csv', `${header}\n${row({})}\n`)).status).toBe(0);
    expectOneLineError(
      patience('summary', file('hex.csv', `${header}\n${row({ moves: '0x10' })}\n`)),
      /bad moves '0x10' \(a whole number\)/,
    );
    expectOneLineError(
      patience('summary', file('half.csv', `${header}\n${row({ nodes: '1.5' })}\n`)),
      /bad nodes '1\.5' \(a whole number\)/,
    );
    expectOneLineError(patience('summary', file('exp.csv', `${header}\n${row({ ms: '1e3' })}\n`)), /bad ms '1e3'/);
    expectOneLineError(
      patience('summary', file('maybe.csv', `${header}\n${row({ table_full: 'maybe' })}\n`)),
      /bad table_full 'maybe' \(true or false\)/,
    );
    expectOneLineError(
      patience('summary', file('seed-twice.csv', `game,seed,result,seed\ndouble-dot,1,won,2\n`)),
      /names the column 'seed' twice/,
    );
  });

  it('a player flag out of range, whoever plays', () => {
    expectOneLineError(
      patience('winrate', '--game', 'double-dot', '--deals', '1', '--budget', '6', '--out', path('b6.csv')),
      /--budget must be a whole number from 1 to 5, not '6'/,
    );
  });
});

describe('show makes the checks check makes, and nothing reaches the terminal raw', { timeout: 60_000 }, () => {
  const won = wonDeal();
  const page = (): string => path('forged.html');

  it('refuses a seed over another deal, lost over a winning line, and moves after the win, writing no page', () => {
    const { seed: _seed, ...unseeded } = won.position;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...solveResult(unseeded as Position, won.moves, 'won'), seed: 5 }, /gives seed 5 but is not the deal of double-dot seed 5/],
      [solveResult(won.position, won.moves, 'lost'), /the moves win, but the result says lost/],
      [solveResult(won.position, [...won.moves, 'f0>t0'], 'won'), /comes after the game is already won/],
      [solveResult(won.position, won.moves.slice(0, 5), 'won'), /legal but do not win: the result says won/],
    ];
    for (const [result, why] of cases) {
      expectOneLineError(patience('show', file('forged.json', result), '--out', page()), why);
      expect(existsSync(page())).toBe(false);
    }
  });

  it('refuses a limit that is not a limit, and a --note with control characters', () => {
    const withEscape = solveResult(won.position, [], 'unknown', { stats: { nodes: 1, ms: 1, limit: '\u001b]0;PWNED\u0007' } });
    const r = patience('show', file('escape.json', withEscape), '--out', page());
    expectOneLineError(r, /'stats\.limit' must be one of nodes, time, depth, table/);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/[\u001b\u0007]/);
    const rows = path('note.csv');
    expect(
      patience('winrate', '--game', 'double-dot', '--deals', '1', '--out', rows, '--time-limit', '0', '--max-nodes', '2000', '--quiet')
        .status,
    ).toBe(0);
    const c = patience('compare', rows, '--note', '\u001b]0;PWNED\u0007');
    expectOneLineError(c, /--note holds a control character/);
    expect(`${c.stdout}${c.stderr}`).not.toMatch(/[\u001b\u0007]/);
  });
});

describe('a limit on the address space', { timeout: 60_000 }, () => {
  it('is said in one line before any thread starts (no V8 trap, no stale lock), and a run that fits goes on', () => {
    const out = path('short.csv');
    const shell = (limitKb: number, workers: number): Run => {
      const r = spawnSync(
        'sh',
        [
          '-c',
          `ulimit -v ${limitKb} && exec "$0" "$@"`,
          process.execPath,
          BIN,
          'winrate',
          '--game',
          'double-dot',
          '--deals',
          '2',
          '--workers',
          String(workers),
          '--max-nodes',
          '2000',
          '--time-limit',
          '0',
          '--quiet',
          '--out',
          out,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    expectOneLineError(
      shell(1_500_000, 2),
      /memory is short: the address space is limited to 1464 MB \(ulimit -v\), and 2 thread\(s\) with --memory 256 need about \d+ MB/,
    );
    expect(existsSync(`${out}.lock`)).toBe(false);
    expect(shell(6_000_000, 1).status).toBe(0);
  });
});
