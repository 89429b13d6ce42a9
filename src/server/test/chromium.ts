// Debian's Chromium for the browser tests and `npm run lighthouse`. The flags keep it off this machine's
// closed network: without them Chromium keeps trying Google's services and floods the log with refusals.
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
