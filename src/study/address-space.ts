// Whether the process may map the memory its threads need. Under a limit on the address space
// (`ulimit -v`), a thread that cannot reserve its code range kills the whole process with a V8
// trap, leaving no line and a stale lock; so a run asks first. Measured on Linux x64 with Node 20
// (`winrate --workers K` under `ulimit -v`): the main process maps about 1 GB, each worker thread
// between 0.5 and 0.75 GB before its table, which grows up to its --memory.
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** Address space a worker thread maps, besides its table. */
const THREAD_MB = 768;

/** The soft limit on the address space in MB (Linux /proc/self/limits), or undefined where there is none or it cannot be read. */
function addressSpaceLimitMb(): number | undefined {
  try {
    const line = /^Max address space\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line && line[1] !== 'unlimited' ? Number(line[1]) / 2 ** 20 : undefined;
  } catch {
    return undefined;
  }
}

/** The address space this process maps now, in MB (0 where it cannot be read). */
function mappedMb(): number {
  try {
    const kb = /^VmSize:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** A one-line UsageError, before any thread starts, if `threads` threads with `tableMb` tables each would not fit the limit. */
export function checkAddressSpace(threads: number, tableMb: number, flag: string): void {
  const limitMb = addressSpaceLimitMb();
  if (limitMb === undefined) return;
  const need = Math.ceil(mappedMb() + threads * (THREAD_MB + tableMb));
  if (need <= limitMb) return;
  throw new UsageError(
    `memory is short: the address space is limited to ${Math.floor(limitMb)} MB (ulimit -v), and ${threads} thread(s) with --memory ${tableMb} need about ${need} MB: raise the limit, or give fewer ${flag} or a smaller --memory`,
  );
}
