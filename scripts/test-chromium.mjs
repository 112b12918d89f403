// The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's headless shell (Chromium's own
// headless build, which Playwright itself runs headless tests in: the same Blink, about a fifth less CPU
// than the full browser here), else the full browser.
import fs from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function testChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
