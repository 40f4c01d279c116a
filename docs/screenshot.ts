// A picture of a page of `show`: `npm run build && npx tsx docs/screenshot.ts` writes
// docs/show-double-signora.png, Double Signora seed 1 at move 300, taken by the same headless
// Chromium the page test uses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '../test/support/browser.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'patience-screenshot-'));
const html = join(dir, 'double-signora-1.html');
const png = join(root, 'docs', 'show-double-signora.png');
try {
  execFileSync(
    process.execPath,
    [
      join(root, 'bin', 'patience.js'),
      'show',
      '--game',
      'double-signora',
      '--seed',
      '1',
      '--max-nodes',
      '5000000',
      '--time-limit',
      '0',
      '--out',
      html,
    ],
    { stdio: 'inherit' },
  );
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(pathToFileURL(html).href);
  await page.locator('#slider').fill('300');
  await page.locator('#slider').blur();
  await page.screenshot({ path: png });
  await browser.close();
  process.stdout.write(`wrote ${png}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
