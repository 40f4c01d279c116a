// The system's headless Chromium (Debian's `chromium` package), driven by playwright-core: no
// browser is downloaded. Shared by the page test and the README screenshot script.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const haveChromium = (): boolean => existsSync(CHROMIUM);

/**
 * Starts the browser. playwright gives every launch a fresh empty profile (its own
 * --user-data-dir in a temporary folder, removed on close). The flags keep Chromium off the
 * network, which this machine has none of: without them it tries Google's hosts at every start.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
