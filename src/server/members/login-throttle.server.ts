import { createHash } from "node:crypto";
import { members } from "./accounts.server.ts";

/**
 * Slows password guessing without locking the owner out for good: within a WINDOW_MS window an
 * account takes ACCOUNT_LIMIT wrong passwords and an address IP_LIMIT (several people may share
 * one), then sign-in is refused until the window ends. A correct password clears the account's
 * count. Counts live in Blobs, so every function instance sees the same ones.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 20;

type Count = { failures: number; windowStart: number };

const hashed = (value: string) => createHash("sha256").update(value).digest("hex");
const keys = (ip: string, accountKey: string) => [
  { key: `throttle/ip/${hashed(ip)}`, limit: IP_LIMIT },
  { key: `throttle/account/${accountKey}`, limit: ACCOUNT_LIMIT },
];

async function read(key: string, now: number): Promise<Count> {
  const count = (await members().get(key, { type: "json" })) as Count | null;
  return count && now - count.windowStart < WINDOW_MS ? count : { failures: 0, windowStart: now };
}

/** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function retryAfterSeconds(ip: string, accountKey: string, now = new Date()): Promise<number> {
  let wait = 0;
  for (const { key, limit } of keys(ip, accountKey)) {
    const count = await read(key, now.getTime());
    if (count.failures >= limit)
      wait = Math.max(wait, Math.ceil((count.windowStart + WINDOW_MS - now.getTime()) / 1000));
  }
  return wait;
}

export async function recordFailure(ip: string, accountKey: string, now = new Date()): Promise<void> {
  for (const { key } of keys(ip, accountKey)) {
    const count = await read(key, now.getTime());
    await members().setJSON(key, { ...count, failures: count.failures + 1 });
  }
}

export async function clearFailures(accountKey: string): Promise<void> {
  await members().delete(`throttle/account/${accountKey}`);
}
