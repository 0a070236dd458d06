import { Browser, chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Debian's Chromium; tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The built UI; FRONTEND_DIST points elsewhere (e.g. a private build while others rebuild the shared one). */
export const FRONTEND_DIST = process.env.FRONTEND_DIST ? resolve(process.env.FRONTEND_DIST) : resolve(__dirname, '../../frontend/dist');

export function browserTestsCanRun(): { ok: boolean; reason?: string } {
  if (!existsSync(CHROMIUM_PATH)) return { ok: false, reason: `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)` };
  if (!existsSync(resolve(FRONTEND_DIST, 'index.html'))) return { ok: false, reason: 'frontend not built (npm run build -w frontend)' };
  return { ok: true };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The closed network here refuses Chromium's background connections; these flags keep it quiet.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
