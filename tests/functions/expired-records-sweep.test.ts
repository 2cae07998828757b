import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sweepFunction, { config } from "../../netlify/functions/expired-records-sweep.ts";
import {
  claimAccountLink,
  createAccountLink,
  type LinkPurpose,
  USED_LINK_KEPT_MS,
} from "../../src/server/account/account-links.server.ts";
import { accountKey, createAccount } from "../../src/server/account/accounts.server.ts";
import { recordFailure } from "../../src/server/account/login-throttle.server.ts";
import {
  recordRecoveryRequest,
  recoveryWaitSeconds,
} from "../../src/server/account/recovery-throttle.server.ts";
import { ABSOLUTE_MS, IDLE_MS, startSession } from "../../src/server/account/sessions.server.ts";
import { database, inTransaction } from "../../src/server/db/database.server.ts";
import { startDatabase } from "../support/database.ts";

vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
beforeAll(() => vi.stubEnv("SIGNING_SECRET", "expired-records-sweep-test-secret"));
afterAll(() => vi.unstubAllEnvs());

let serial = 0;
async function anAccount(at: Date) {
  serial++;
  const account = await createAccount({
    email: `sweep${serial}@example.org`,
    name: `Sweep ${serial}`,
    membership: "1",
    applicationId: `EN-${String(serial).padStart(10, "0")}`,
    submissionId: "",
    submittedAt: new Date(at.getTime() - 60_000).toISOString(),
    status: "active",
    passwordHash: `scrypt$17$8$1$salt${serial}$hash${serial}`,
  });
  if (!account) throw new Error("the account was not made");
  return account;
}

async function usedLink(purpose: LinkPurpose, usedAt: Date) {
  const account = await anAccount(usedAt);
  const token = await createAccountLink(account, purpose, { now: usedAt });
  const claim = await inTransaction((tx) => claimAccountLink(tx, token, purpose, usedAt));
  if (!claim.ok) throw new Error("expected the claim to succeed");
  return { token, nonce: claim.link.nonce };
}

const rows = (table: "used_links" | "throttle_events" | "sessions") =>
  database().selectFrom(table).selectAll().execute();
const claim = (token: string, purpose: LinkPurpose) =>
  inTransaction((tx) => claimAccountLink(tx, token, purpose));

describe("the expired-records-sweep schedule", () => {
  it("runs daily and deletes the rows of expired used links, keeping those whose link still works", async () => {
    expect(config.schedule).toBe("30 3 * * *");
    const now = Date.now();
    const old = await usedLink("password-reset", new Date(now - USED_LINK_KEPT_MS - 60_000));
    const recent = await usedLink("set-password", new Date(now - 60_000));
    await sweepFunction();
    expect((await rows("used_links")).map((row) => row.nonce)).toEqual([recent.nonce]);
    // Both links stay refused: the old one has expired, the recent one is used.
    expect(await claim(old.token, "password-reset")).toEqual({ ok: false, reason: "expired" });
    expect(await claim(recent.token, "set-password")).toEqual({ ok: false, reason: "used" });
  });

  it("deletes sessions past their absolute limit or idle too long, and keeps live ones", async () => {
    const now = Date.now();
    const account = await anAccount(new Date(now - ABSOLUTE_MS - 120_000));
    await database().deleteFrom("sessions").execute();
    await startSession(account.key, new Date(now - ABSOLUTE_MS - 60_000));
    await startSession(account.key, new Date(now - IDLE_MS - 60_000));
    const live = await startSession(account.key, new Date(now - 60_000));
    expect(await rows("sessions")).toHaveLength(3);
    await sweepFunction();
    const left = await rows("sessions");
    expect(left).toHaveLength(1);
    expect(left[0]?.created_at.getTime()).toBe(now - 60_000);
    expect(live).toMatch(/^[\w-]{43}$/);
  });
});

describe("throttle records expire by themselves", () => {
  it("the daily sweep deletes sign-in and recovery records older than their window, and keeps live ones", async () => {
    const now = Date.now();
    const ip = "198.51.100.77";
    const email = "forgetful@example.org";
    // A forgotten-password request 2 hours ago (its window is 1 hour) and one a minute ago.
    await recordRecoveryRequest("password-reset", email, ip, new Date(now - 2 * 60 * 60_000));
    await recordRecoveryRequest("password-reset", email, ip, new Date(now - 60_000));
    // A wrong password 20 minutes ago (its window is 15 minutes) and one a minute ago.
    await recordFailure(ip, accountKey(email), new Date(now - 20 * 60_000));
    await recordFailure(ip, accountKey(email), new Date(now - 60_000));
    expect(await rows("throttle_events")).toHaveLength(10);

    await sweepFunction();
    const left = await rows("throttle_events");
    expect(left).toHaveLength(5);
    for (const row of left) expect(now - row.at.getTime()).toBeLessThan(120_000);
    // The address's live request still counts.
    expect(await recoveryWaitSeconds("password-reset", email, ip, new Date(now))).toBe(0);
  });
});
