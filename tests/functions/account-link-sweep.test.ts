import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sweepFunction, { config } from "../../netlify/functions/account-link-sweep.ts";
import {
  claimAccountLink,
  createAccountLink,
  type LinkPurpose,
  USED_MARKER_KEPT_MS,
} from "../../src/server/account/account-links.server.ts";
import {
  type Account,
  accountKey,
  createAccount,
  members,
} from "../../src/server/account/accounts.server.ts";
import { recordFailure } from "../../src/server/account/login-throttle.server.ts";
import {
  recordRecoveryRequest,
  recoveryWaitSeconds,
} from "../../src/server/account/recovery-throttle.server.ts";
import { sweepThrottleRecords } from "../../src/server/account/throttle-sweep.server.ts";
import { startBlobsServer } from "../support/blobs.ts";

startBlobsServer();
beforeAll(() => vi.stubEnv("SIGNING_SECRET", "account-link-sweep-test-secret"));
afterAll(() => vi.unstubAllEnvs());

let serial = 0;
async function usedLink(purpose: LinkPurpose, usedAt: Date) {
  serial++;
  const email = `sweep${serial}@example.org`;
  const account: Account = {
    key: accountKey(email),
    email,
    name: `Sweep ${serial}`,
    membership: "1",
    applicationId: `EN-${String(serial).padStart(10, "0")}`,
    submissionId: "",
    submittedAt: new Date(usedAt.getTime() - 60_000).toISOString(),
    status: "active",
    passwordHash: `scrypt$17$8$1$salt${serial}$hash${serial}`,
  };
  await createAccount(account);
  const token = await createAccountLink(account, purpose, { now: usedAt });
  const claim = await claimAccountLink(token, purpose, usedAt);
  if (!claim.ok) throw new Error("expected the claim to succeed");
  return { token, key: `account-link/used/${claim.link.nonce}` };
}

describe("the account-link-sweep schedule", () => {
  it("runs daily and deletes the markers of expired used links, keeping those whose link still works", async () => {
    expect(config.schedule).toBe("30 3 * * *");
    const now = Date.now();
    const old = await usedLink("password-reset", new Date(now - USED_MARKER_KEPT_MS - 60_000));
    const recent = await usedLink("set-password", new Date(now - 60_000));
    await sweepFunction();
    expect(await members().get(old.key)).toBeNull();
    expect(await members().get(recent.key)).not.toBeNull();
    // Both links stay refused: the old one has expired, the recent one is used.
    expect(await claimAccountLink(old.token, "password-reset")).toEqual({ ok: false, reason: "expired" });
    expect(await claimAccountLink(recent.token, "set-password")).toEqual({ ok: false, reason: "used" });
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
    const throttle = async () => (await members().list({ prefix: "throttle/" })).blobs.map(({ key }) => key);
    expect(await throttle()).toHaveLength(10);

    const run = await sweepThrottleRecords({ now: new Date(now), budgetMs: 5000 });
    expect(run).toMatchObject({ deleted: 5, kept: 5, left: false });
    const left = await throttle();
    expect(left).toHaveLength(5);
    for (const key of left) expect(now - Number(key.split("/").at(-1)?.split("-")[0])).toBeLessThan(120_000);
    // The address's live request still counts.
    expect(await recoveryWaitSeconds("password-reset", email, ip, new Date(now))).toBe(0);

    await sweepFunction();
    expect(await throttle()).toHaveLength(5);
  });
});
