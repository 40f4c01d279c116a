// Reading and writing the user's files, with errors as one line naming the file. Every read is
// bounded (a device such as /dev/zero or /dev/urandom stops at the cap, not when memory runs out),
// and JSON is checked for depth before it is parsed, so no input can overflow the stack.
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { UsageError } from './errors.js';

/** A one-line error for a file that could not be read, written, opened ... */
export function fileError(what: string, file: string, e: unknown): UsageError {
  return new UsageError(`cannot ${what} '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
}

/** Position and result files at most: a deal is a few KB, the longest line the solver can write about 1.5 MB. */
const MAX_JSON_BYTES = 4 * 2 ** 20;

const CHUNK = 2 ** 16;
/** How long a named pipe with no writer is waited for. */
const PIPE_WRITER_WAIT_MS = 2000;

/**
 * Reads a file (or standard input for `-`) chunk by chunk, handing each decoded piece of text to
 * `onText`; stops with a one-line error past `maxBytes`. `onText` may throw to stop early.
 */
export function readTextChunks(file: string, maxBytes: number, onText: (text: string) => void): void {
  let fd: number;
  // A named pipe is opened without waiting for a writer (a plain open would block until one
  // comes); with none, it reads as empty at once.
  let pipe = false;
  try {
    pipe = file !== '-' && statSync(file, { throwIfNoEntry: false })?.isFIFO() === true;
    fd = file === '-' ? 0 : openSync(file, pipe ? constants.O_RDONLY | constants.O_NONBLOCK : 'r');
  } catch (e) {
    throw fileError('read', file, e);
  }
  const opened = performance.now();
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let total = 0;
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, CHUNK, null);
      } catch (e) {
        // A pipe or terminal with nothing to read yet: wait a moment and try again.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
          continue;
        }
        throw fileError('read', file, e);
      }
      if (n === 0) {
        // A named pipe read before its writer came: give the writer a moment.
        if (pipe && total === 0) {
          if (performance.now() - opened > PIPE_WRITER_WAIT_MS)
            throw new UsageError(`'${file}' is a named pipe nothing was written to (no writer)`);
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
          continue;
        }
        break;
      }
      total += n;
      if (total > maxBytes) throw new UsageError(`'${file}' is larger than ${sizeText(maxBytes)}: not a file this command reads`);
      onText(decoder.write(buffer.subarray(0, n)));
    }
    onText(decoder.end());
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/**
 * The text of a JSON file holding an object (a position, a result): bounded, and refused at its
 * first character if that cannot begin an object, so that a binary file stops at once.
 */
export function readJsonFile(file: string, what: string): string {
  const parts: string[] = [];
  let checked = false;
  readTextChunks(file, MAX_JSON_BYTES, (t) => {
    parts.push(t);
    if (checked) return;
    const first = /[^\s\ufeff]/.exec(parts.join(''));
    if (!first) return;
    checked = true;
    if (first[0] !== '{') throw new UsageError(`'${file}' is not a ${what} (a JSON object starts with '{')`);
  });
  return parts.join('');
}

function sizeText(bytes: number): string {
  return bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MB` : `${bytes / 1024} KB`;
}

/** Nesting deeper than any position or result has (a result is 4 levels deep). */
const MAX_JSON_DEPTH = 32;

/**
 * Parses JSON the user gave (a UTF-8 byte-order mark before it is allowed); a one-line error
 * naming `what` otherwise. Arrays and objects nested deeper than MAX_JSON_DEPTH are refused
 * before parsing, so that nothing after it recurses deeply.
 */
export function parseUserJson(text: string, what: string): unknown {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (jsonDepth(s) > MAX_JSON_DEPTH) throw new UsageError(`${what} is nested more than ${MAX_JSON_DEPTH} levels deep: not a ${what}`);
  let value: unknown;
  try {
    value = JSON.parse(s);
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON (${(e as Error).message.replace(/\s+/g, ' ')})`);
  }
  const twice = duplicateKey(s);
  if (twice !== undefined) throw new UsageError(`${what}: the key '${twice.slice(0, 40)}' appears twice in one object`);
  return value;
}

/**
 * The first key that appears twice in one object of valid JSON text (JSON.parse keeps the last
 * silently), compared after unescaping ("a" and "\u0061" are one key); undefined if none. One
 * pass over the text: a set of keys per open object, each key unescaped once.
 */
export function duplicateKey(json: string): string | undefined {
  // Per open [ or {: the keys seen so far (an object), or null (a list).
  const open: (Set<string> | null)[] = [];
  // In an object, a string right after { or , is a key; after : it is a value.
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = stringEnd(json, i);
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const raw = json.slice(start, i + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
    } else if (c === 0x7b) {
      open.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      open.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      expectKey = false;
    } else if (c === 0x2c) expectKey = open[open.length - 1] instanceof Set;
  }
  return undefined;
}

/** Where the string that opens at `start` closes: the next quote after an even run of backslashes (the text's end if none). */
function stringEnd(json: string, start: number): number {
  for (let end = json.indexOf('"', start + 1); ; end = json.indexOf('"', end + 1)) {
    if (end < 0) return json.length;
    let slashes = 0;
    while (json.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/** The deepest nesting of [ and { outside strings (only counted; the JSON may be malformed). */
function jsonDepth(s: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Control characters (C0, DEL, C1) that must not reach a terminal or an XML file raw. */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Text with every control character written as an escape (`\x1b`), safe to print on a terminal. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Text for XML or HTML: &, <, >, " and ' escaped, characters XML 1.0 forbids replaced by U+FFFD. */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A JSON value named in an error: a string quoted (at most 20 characters), a list or object by kind. */
export function describeJson(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}...` : v);
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : String(v);
}

/**
 * Identifies a file by device and inode (so that another name, a link or `./x` is seen to be the
 * same file), or undefined if it does not exist.
 */
export function identity(file: string): string | undefined {
  try {
    const s = statSync(file);
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

/** Refuses an output file that is one of the command's inputs (it would be overwritten before or while it is read). */
export function refuseOutputAmongInputs(out: string, inputs: readonly string[]): void {
  const id = identity(out);
  if (id === undefined) return;
  const same = inputs.find((f) => f !== '-' && identity(f) === id);
  if (same !== undefined) throw new UsageError(`--out ${out} is also an input (${same}): write to another file`);
}

/**
 * Replaces `file` with `text` atomically (a temporary file beside it, synced, renamed over it), so
 * a reader or a crash sees the old file or the new one, never a mix. The new file keeps the old
 * one's mode (and, where allowed, owner). A symbolic link stays a link: the file it points to is
 * replaced. A path that is not a regular file is written in place.
 */
export function replaceFile(file: string, text: string): void {
  const target = linkTarget(file);
  const tmp = `${target}.${process.pid}.tmp`;
  const s = statSync(target, { throwIfNoEntry: false });
  if (s && !s.isFile()) {
    writeInPlace(file, text); // a device or a pipe (/dev/stdout): never renamed over
    return;
  }
  const old = s ? { mode: s.mode & 0o7777, uid: s.uid, gid: s.gid } : undefined;
  try {
    const fd = openSync(tmp, 'w', old?.mode ?? 0o666);
    try {
      if (old) {
        fchmodSync(fd, old.mode); // the mode given to open is narrowed by the umask
        try {
          fchownSync(fd, old.uid, old.gid);
        } catch {
          // Only the owner's own files can be given away; the mode is what matters.
        }
      }
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw fileError('write', file, e);
  }
}

/** The file a path names once its symbolic links are followed (a link to nothing yet: where it points). */
function linkTarget(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    const link = lstatSync(file, { throwIfNoEntry: false });
    return link?.isSymbolicLink() ? resolve(dirname(file), readlinkSync(file)) : file;
  }
}

function writeInPlace(file: string, text: string): void {
  try {
    const fd = openSync(file, 'w');
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw fileError('write', file, e);
  }
}
