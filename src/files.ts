// Reading the user's files, with errors as one line naming the file.
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/** A one-line error for a file that could not be read, written, opened ... */
export function fileError(what: string, file: string, e: unknown): UsageError {
  return new UsageError(`cannot ${what} '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}

/** The text of a file, or of standard input for `-`. */
export function readTextFile(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw fileError('read', file, e);
  }
}

/** Parses JSON the user gave; a one-line error naming `what` otherwise. */
export function parseUserJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON (${(e as Error).message.replace(/\s+/g, ' ')})`);
  }
}
