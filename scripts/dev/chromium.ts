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

/** The whole browser, for the benchmarks: they measure what a reader's Chromium does. */
export function chromiumPath(): string {
  return installed(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", "chromium");
}

/**
 * Chromium's headless shell, for the browser tests: the same engine without the desktop
 * browser around it, which is what Playwright runs headless by default. It uses about a third of
 * the whole browser's CPU per test (decision 0033).
 */
export function headlessShellPath(): string {
  return installed(
    process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell",
    "chromium-headless-shell",
  );
}

function installed(path: string, debianPackage: string): string {
  if (!existsSync(path))
    throw new Error(`Not found: ${path}. Install it: apt-get install -y ${debianPackage}`);
  return path;
}
