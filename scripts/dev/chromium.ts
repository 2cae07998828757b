import { existsSync } from "node:fs";

/** Flags that let Debian's Chromium run headless as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: apt-get install -y chromium`);
  return path;
}
