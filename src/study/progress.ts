// Progress of a win-rate run on stderr (stdout stays clean for the summary): a cli-progress bar
// when stderr is a terminal, a plain line every few seconds when it is not, or nothing.
import type { DealRow } from './types.js';

export type ProgressMode = 'bar' | 'lines' | 'none';

/** Milliseconds between plain progress lines. */
const INTERVAL_MS = 5000;

export interface Tally {
  won: number;
  lost: number;
  unknown: number;
  error: number;
}

export interface Progress {
  /** A deal finished. */
  add(row: DealRow): void;
  /** Stops drawing (leaves the last state on screen). */
  stop(): void;
}

export function progressMode(quiet: boolean): ProgressMode {
  return quiet ? 'none' : process.stderr.isTTY ? 'bar' : 'lines';
}

/**
 * A progress display for `total` deals of which `done` are already done (resumed) with the tally
 * `tally`. Rate and ETA count only the deals played in this run.
 */
export async function startProgress(mode: ProgressMode, total: number, done: number, tally: Tally): Promise<Progress> {
  const t0 = Date.now();
  const done0 = done;
  const counts = { ...tally };
  const rate = (): number => (done - done0) / Math.max(0.001, (Date.now() - t0) / 1000);
  const eta = (): string => {
    const r = rate();
    return done >= total ? '0s' : r > 0 ? duration((total - done) / r) : '?';
  };
  const tokens = (): Record<string, string | number> => ({
    won: counts.won,
    lost: counts.lost,
    unknown: counts.unknown,
    errors: counts.error,
    rate: rate().toFixed(2),
    etaText: eta(),
  });
  if (mode === 'none' || total === done) {
    return { add: () => {}, stop: () => {} };
  }
  if (mode === 'bar') {
    const { default: cliProgress } = await import('cli-progress');
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: '{bar} {value}/{total} deals | won {won} lost {lost} unknown {unknown} errors {errors} | {rate} deals/s | ETA {etaText}',
        hideCursor: false,
        clearOnComplete: false,
        barsize: 24,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, done, tokens());
    const timer = setInterval(() => bar.update(done, tokens()), 1000);
    timer.unref();
    return {
      add(row) {
        counts[row.result]++;
        done++;
        bar.update(done, tokens());
      },
      stop() {
        clearInterval(timer);
        bar.update(done, tokens());
        bar.stop();
      },
    };
  }
  const print = (): void => {
    const t = tokens();
    process.stderr.write(
      `winrate: ${done}/${total} deals (won ${t.won}, lost ${t.lost}, unknown ${t.unknown}, errors ${t.errors}), ${t.rate} deals/s, ETA ${t.etaText}\n`,
    );
  };
  const timer = setInterval(print, INTERVAL_MS);
  timer.unref();
  return {
    add(row) {
      counts[row.result]++;
      done++;
    },
    stop() {
      clearInterval(timer);
      print();
    },
  };
}

function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
