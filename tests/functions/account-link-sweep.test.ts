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
