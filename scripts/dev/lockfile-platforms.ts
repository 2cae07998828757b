/**
 * Completes package-lock.json with the other platforms' binaries of packages like Biome and Deno.
 *
 * Why: the npm registry reachable from our build machines does not serve every platform's
 * optional binary (darwin, win32, musl builds answer 404). `npm install` then leaves them out of
 * the lockfile, and `npm ci` refuses a lockfile that lacks any optional dependency. Listing them
 * with their os/cpu/libc lets `npm ci` see they are not for this machine and skip them, exactly
 * as a lockfile written elsewhere would. Run after `npm install`: node scripts/dev/lockfile-platforms.ts
 */
import { readFileSync, writeFileSync } from "node:fs";

type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

/** os, cpu and libc from names like cli-linux-arm64-musl, darwin-x64 or linux-arm64-glibc. */
function platformOf(name: string): Pick<Entry, "os" | "cpu" | "libc"> | null {
  const match = /(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(?:-(musl|glibc|gnu|msvc))?$/.exec(
    name,
  );
  if (!match) return null;
  const [, os, cpu, libc] = match;
  return {
    os: [os as string],
    cpu: [cpu as string],
    ...(libc === "musl" || libc === "glibc" ? { libc: [libc] } : {}),
  };
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Entry> };
const added: string[] = [];
for (const [, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync("package-lock.json", `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} platform entries: ${added.join(", ")}` : "lockfile already complete",
);
