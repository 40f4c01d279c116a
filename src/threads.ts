// Starting a worker thread from a module next to the caller, whether the program runs from the
// TypeScript source (tsx, vitest) or from the compiled dist/.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the worker module `name` beside the module at `callerUrl` is, and how a thread must be started to load it. */
export function workerEntry(callerUrl: string, name: string): { filename: string; execArgv: string[] } {
  // Under tsx or vitest the caller is TypeScript source: the worker is too, and each thread
  // needs tsx's loader (as an absolute file URL, so it is found from any working directory).
  // From the compiled dist/ the worker is plain JavaScript.
  if (callerUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
    return { filename: fileURLToPath(new URL(`./${name}.ts`, callerUrl)), execArgv: ['--import', tsx] };
  }
  return { filename: fileURLToPath(new URL(`./${name}.js`, callerUrl)), execArgv: [] };
}
