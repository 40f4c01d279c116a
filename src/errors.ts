/** An error in what the user gave us (a flag, a file, a position): printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
