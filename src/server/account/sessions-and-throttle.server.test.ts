import { beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "#shared/session-cookie.ts";
import { startDatabase } from "../../../tests/support/database.ts";
import { database } from "../db/database.server.ts";
import { createAccount } from "./accounts.server.ts";
import {
  ACCOUNT_LIMIT,
  beginPasswordAttempt,
  IP_LIMIT,
  PAIR_LIMIT,
  passwordAccepted,
  recordFailure,
  retryAfterSeconds,
  WINDOW_MS,
} from "./login-throttle.server.ts";
import { ABSOLUTE_MS, currentAccount, IDLE_MS, startSession } from "./sessions.server.ts";

// Starting the worker's database (PGlite, migrated) takes a while on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();

const at = (ms: number) => new Date(Date.UTC(2026, 10, 22, 8) + ms);
const withCookie = (token: string) =>
  new Request("https://isgpb.example/api/session", {
    headers: { cookie: `other=1; ${SESSION_COOKIE}=${token}` },
  });

let key = "";
beforeAll(async () => {
  const made = await createAccount({
    email: "ravi@example.org",
    name: "Ravi Kumar",
    membership: "1",
    applicationId: "EN-0000000001",
    submissionId: "s1",
    submittedAt: at(0).toISOString(),
    status: "pending-payment",
    passwordHash: "scrypt$17$8$1$x$y",
  });
  key = made?.key ?? "";
});

describe("sessions", () => {
  it("end after IDLE_MS without use, and each use restarts the idle timer", async () => {
    const token = await startSession(key, at(0));
    expect(token).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect((await currentAccount(withCookie(token), at(IDLE_MS - 1000)))?.name).toBe("Ravi Kumar");
    expect((await currentAccount(withCookie(token), at(2 * IDLE_MS - 2000)))?.name).toBe("Ravi Kumar");
    expect(await currentAccount(withCookie(token), at(3 * IDLE_MS))).toBeNull();
    // Once ended, it stays ended.
    expect(await currentAccount(withCookie(token), at(3 * IDLE_MS - 3000))).toBeNull();
  });

  it("end after ABSOLUTE_MS however busy", async () => {
    const token = await startSession(key, at(0));
    let now = 0;
    for (; now < ABSOLUTE_MS - IDLE_MS / 2; now += IDLE_MS / 2)
      expect(await currentAccount(withCookie(token), at(now))).not.toBeNull();
    expect(await currentAccount(withCookie(token), at(ABSOLUTE_MS + 1))).toBeNull();
  });

  it("ignore a malformed or unknown token", async () => {
    expect(await currentAccount(withCookie("short"), at(0))).toBeNull();
    expect(await currentAccount(withCookie("A".repeat(43)), at(0))).toBeNull();
  });
});

describe("sign-in throttle", () => {
  it(`refuses an IP after ${IP_LIMIT} failures across accounts, until the window ends`, async () => {
    for (let failure = 0; failure < IP_LIMIT; failure++)
      await recordFailure("192.0.2.9", `account-${failure}`, at(failure * 1000));
    expect(await retryAfterSeconds("192.0.2.9", "account-new", at(IP_LIMIT * 1000))).toBe(
      (WINDOW_MS - IP_LIMIT * 1000) / 1000,
    );
    expect(await retryAfterSeconds("192.0.2.10", "account-new", at(IP_LIMIT * 1000))).toBe(0);
    // Never for good: a new window starts clean.
    expect(await retryAfterSeconds("192.0.2.9", "account-new", at(WINDOW_MS + 1))).toBe(0);
  });

  it("counts every one of many wrong passwords sent at once", async () => {
    await Promise.all(
      Array.from({ length: PAIR_LIMIT }, () => recordFailure("198.51.100.7", "burst", at(0))),
    );
    expect(await retryAfterSeconds("198.51.100.7", "burst", at(1000))).toBeGreaterThan(0);
    // Only the guessing network waits: another one may still try this account.
    expect(await retryAfterSeconds("198.51.100.99", "burst", at(1000))).toBe(0);
  });

  it(`lets ${PAIR_LIMIT} of a burst of attempts sent at the same moment through, and refuses the rest`, async () => {
    // Each is counted before it is measured: checked first, all twelve would find the count at 0.
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => beginPasswordAttempt("198.51.100.8", "burst-2", at(0))),
    );
    expect(attempts.filter(({ wait }) => wait === 0)).toHaveLength(PAIR_LIMIT);
    // The refused ones are taken off the counts: only the five let through stay, as failures.
    const rows = await database()
      .selectFrom("throttle_events")
      .select("id")
      .where("bucket", "like", "pair/burst-2/%")
      .execute();
    expect(rows).toHaveLength(PAIR_LIMIT);
  });

  it("does not count an attempt with the right password, and forgives that network's failures", async () => {
    await recordFailure("198.51.100.9", "owner", at(0));
    const attempt = await beginPasswordAttempt("198.51.100.9", "owner", at(1000));
    expect(attempt.wait).toBe(0);
    await passwordAccepted("198.51.100.9", "owner", attempt);
    for (let failure = 0; failure < PAIR_LIMIT - 1; failure++)
      await recordFailure("198.51.100.9", "owner", at(2000));
    expect(await retryAfterSeconds("198.51.100.9", "owner", at(3000))).toBe(0);
  });

  it(`past ${ACCOUNT_LIMIT} failures from many networks, each that guessed waits; a fresh one never does`, async () => {
    await Promise.all(
      Array.from({ length: ACCOUNT_LIMIT }, (_, index) =>
        recordFailure(`203.0.113.${index}`, "spread", at(index * 1000)),
      ),
    );
    expect(await retryAfterSeconds("203.0.113.0", "spread", at(ACCOUNT_LIMIT * 1000))).toBe(
      (WINDOW_MS - ACCOUNT_LIMIT * 1000) / 1000,
    );
    expect(await retryAfterSeconds("192.0.2.77", "spread", at(ACCOUNT_LIMIT * 1000))).toBe(0);
    expect(await retryAfterSeconds("203.0.113.0", "spread", at(WINDOW_MS + 1))).toBe(0);
  });
});
