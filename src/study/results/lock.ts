// A lock on a results file, so that two runs never write one file (both would play every deal,
// and the file would hold each twice). The lock is a file beside it, FILE.lock, created only if
// it does not exist (O_EXCL), holding the owner's pid, host and start time. A run that dies
// without removing it (SIGKILL, a lost machine) does not leave the file locked for ever:
// - on the same host the lock is stale as soon as its pid is gone;
// - from another host (a shard rerun on another node of a cluster, sharing the volume) the pid
//   cannot be asked, so the owner touches the lock every HEARTBEAT_MS and a lock untouched for
//   STALE_MS is stale.
// A stale lock is removed and taken, with a note. (Two runs that find the same stale lock at
// the same instant could both take it: the window is the time between one unlink and one open.)
import { closeSync, openSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { hostname } from 'node:os';
import { UsageError } from '../../errors.js';
import { fileError } from '../../files.js';

const HEARTBEAT_MS = 10_000;
const STALE_MS = 120_000;

interface Owner {
  pid: number;
  host: string;
  started: string;
}

export interface Lock {
  release(): void;
}

/**
 * The lock's path: beside the file that is written, whatever name it was given (a symbolic link
 * or another relative path names the same lock). A file with other hard links is refused: its
 * other names would take other locks.
 */
function lockPathOf(file: string): string {
  let real: string;
  try {
    real = realpathSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw fileError('lock', file, e);
    try {
      real = join(realpathSync(dirname(file)), basename(file));
    } catch (inDir) {
      throw fileError('write', file, inDir); // no such folder
    }
  }
  const links = statSync(real, { throwIfNoEntry: false })?.nlink ?? 1;
  if (links > 1)
    throw new UsageError(`${file} has ${links} hard links: another name could be written by another run at once; write to a copy`);
  return `${real}.lock`;
}

/** Takes the lock of `file` for this process, or a one-line UsageError naming the run that holds it. */
export function lockFile(file: string, note: (message: string) => void = () => {}): Lock {
  const path = lockPathOf(file);
  const me: Owner = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fileError('lock', file, e);
      const owner = readOwner(path);
      const why = attempt === 0 ? staleness(path, owner) : null; // taken again at once: a live run took it
      if (why === null) {
        const who = owner ? `pid ${owner.pid} on ${owner.host}, since ${owner.started}` : 'another run';
        throw new UsageError(
          `${file} is in use by another run (${who}; lock ${path}): wait for it to end, or delete the lock if no run is using the file`,
        );
      }
      note(`${file}: removed a stale lock (${why})`);
      rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    break;
  }
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // The lock was removed by hand: nothing to keep alive.
    }
  }, HEARTBEAT_MS);
  beat.unref();
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    clearInterval(beat);
    process.off('exit', release);
    // Only our own lock: one taken over as stale by another run is theirs now.
    const owner = readOwner(path);
    if (owner?.pid === me.pid && owner.started === me.started) rmSync(path, { force: true });
  };
  process.on('exit', release); // a process.exit() on a second Ctrl-C still removes it
  return { release };
}

function readOwner(path: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.started === 'string' ? (o as Owner) : undefined;
  } catch {
    return undefined;
  }
}

/** Why the lock at `path` is stale, or null if its owner may still be running. */
function staleness(path: string, owner: Owner | undefined): string | null {
  if (owner && owner.host === hostname()) return alive(owner.pid) ? null : `pid ${owner.pid} on this host is gone`;
  let age: number;
  try {
    age = Date.now() - statSync(path).mtimeMs;
  } catch {
    return 'it is gone';
  }
  if (age <= STALE_MS) return null;
  return `${owner ? `pid ${owner.pid} on ${owner.host}` : 'an unreadable lock'}, untouched for ${Math.round(age / 1000)} s`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
