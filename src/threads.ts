// Starting a worker thread from a module next to the caller (or a given file), whether the
// program runs from the TypeScript source (tsx, vitest) or from the compiled dist/.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  filename: string;
  execArgv: string[];
}

/** Where the worker module `name` beside the module at `callerUrl` is, and how a thread must be started to load it. */
export function workerEntry(callerUrl: string, name: string): WorkerEntry {
  return workerFileEntry(fileURLToPath(new URL(`./${name}.${callerUrl.endsWith('.ts') ? 'ts' : 'js'}`, callerUrl)));
}

/**
 * How a thread must be started to load the worker file `filename`: TypeScript source (under tsx
 * or vitest) needs tsx's loader in each thread, as an absolute file URL so that it is found from
 * any working directory; compiled JavaScript needs nothing.
 */
export function workerFileEntry(filename: string): WorkerEntry {
  if (!filename.endsWith('.ts')) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}
