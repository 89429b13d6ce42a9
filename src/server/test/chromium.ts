import { existsSync } from "node:fs";

// Debian's Chromium for the browser tests and `npm run lighthouse`. The flags keep it off this machine's
// closed network: without them Chromium keeps trying Google's services and floods the log with refusals.
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), the same
 * engine without the desktop browser around it, as Playwright itself runs headless tests. On this
 * machine kind it draws the suite's pages with about half the CPU of the full browser in headless mode.
 * The full browser stands in where the shell is not installed.
 */
export const HEADLESS_SHELL_PATH = existsSync("/usr/bin/chromium-headless-shell")
  ? "/usr/bin/chromium-headless-shell"
  : CHROMIUM_PATH;

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
