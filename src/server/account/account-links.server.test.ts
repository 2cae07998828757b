import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDatabase } from "../../../tests/support/database.ts";
import { database, inTransaction } from "../db/database.server.ts";
import { deleteExpiredRecords } from "../expired-records.server.ts";
import { approvalUrl } from "../membership/payment-approval.server.ts";
import { newsletterLink } from "../newsletter/newsletter-mails.server.ts";
import { signToken } from "../signed-token.server.ts";
import {
  checkAccountLink,
  claimAccountLink as claimIn,
  createAccountLink,
  LINK_LIFETIME_MS,
  type LinkPurpose,
  LONGEST_LINK_LIFETIME_MS,
  passwordFingerprint,
  USED_LINK_KEPT_MS,
} from "./account-links.server.ts";
import { type Account, createAccount, updateAccount } from "./accounts.server.ts";

// Starting the worker's database (PGlite, migrated) takes a while on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();

/** Spends a link in a transaction of its own, which commits (as a change made with it would). */
const claimAccountLink = (token: unknown, purpose: LinkPurpose, now?: Date) =>
  inTransaction((tx) => claimIn(tx, token, purpose, now));

const SECRET = "account-links-test-secret";
beforeAll(() => vi.stubEnv("SIGNING_SECRET", SECRET));
afterAll(() => vi.unstubAllEnvs());

const at = (ms: number) => new Date(Date.UTC(2026, 4, 11, 9) + ms);
let serial = 0;

/** A fresh account for each test, so one test's claims never touch another's. */
async function anAccount(): Promise<Account> {
  serial++;
  const account = await createAccount({
    email: `asha${serial}@example.org`,
    name: "Asha Menon",
    membership: "2",
    applicationId: `EN-00000000${serial.toString().padStart(2, "0")}`,
    submissionId: `s${serial}`,
    submittedAt: at(0).toISOString(),
    status: "active",
    passwordHash: `scrypt$17$8$1$salt${serial}$hash${serial}`,
  });
  if (!account) throw new Error("the account was not made");
  return account;
}

describe("account links", () => {
  it("work for their purpose until they expire: 30 minutes for a password reset", async () => {
    const account = await anAccount();
    const token = await createAccountLink(account, "password-reset", { now: at(0) });
    expect(LINK_LIFETIME_MS["password-reset"]).toBe(30 * 60 * 1000);
    const fresh = await checkAccountLink(token, "password-reset", at(30 * 60 * 1000 - 1));
    expect(fresh).toMatchObject({
      ok: true,
      account: { key: account.key },
      link: { purpose: "password-reset" },
    });
    expect(await checkAccountLink(token, "password-reset", at(30 * 60 * 1000 + 1))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await claimAccountLink(token, "password-reset", at(31 * 60 * 1000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are looked at any number of times, but claimed once", async () => {
    const account = await anAccount();
    const token = await createAccountLink(account, "password-reset", { now: at(0) });
    for (let n = 0; n < 3; n++)
      expect((await checkAccountLink(token, "password-reset", at(1000))).ok).toBe(true);
    expect((await claimAccountLink(token, "password-reset", at(2000))).ok).toBe(true);
    expect(await claimAccountLink(token, "password-reset", at(3000))).toEqual({ ok: false, reason: "used" });
    expect(await checkAccountLink(token, "password-reset", at(3000))).toEqual({ ok: false, reason: "used" });
  });

  it("are claimed by exactly one of many parallel requests", async () => {
    // The nonce is used_links' key: of the transactions that insert it, one commits it.
    const account = await anAccount();
    const token = await createAccountLink(account, "password-reset", { now: at(0) });
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimAccountLink(token, "password-reset", at(1000))),
    );
    expect(claims.filter((claim) => claim.ok)).toHaveLength(1);
    expect(claims.filter((claim) => !claim.ok && claim.reason === "used")).toHaveLength(7);
  });

  it("are left unused when the change they were spent for rolls back", async () => {
    const account = await anAccount();
    const token = await createAccountLink(account, "password-reset", { now: at(0) });
    await expect(
      inTransaction(async (tx) => {
        expect((await claimIn(tx, token, "password-reset", at(1000))).ok).toBe(true);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await claimAccountLink(token, "password-reset", at(2000))).ok).toBe(true);
  });

  it("die once the password changes by any route, used or not", async () => {
    const account = await anAccount();
    const reset = await createAccountLink(account, "password-reset", { now: at(0) });
    const change = await createAccountLink(account, "email-change", { now: at(0), email: "new@example.org" });
    await updateAccount(account.key, { passwordHash: "scrypt$17$8$1$othersalt$otherhash" });
    expect(await checkAccountLink(reset, "password-reset", at(1000))).toEqual({ ok: false, reason: "used" });
    expect(await claimAccountLink(change, "email-change", at(1000))).toEqual({ ok: false, reason: "used" });
  });

  it("carry the new address of an e-mail change", async () => {
    const account = await anAccount();
    const token = await createAccountLink(account, "email-change", {
      now: at(0),
      email: "moved@example.org",
    });
    const check = await checkAccountLink(token, "email-change", at(1000));
    expect(check).toMatchObject({ ok: true, link: { email: "moved@example.org", account: account.key } });
  });

  it("never pass as a link of another purpose, nor another kind of token as one", async () => {
    const account = await anAccount();
    const reset = await createAccountLink(account, "password-reset", { now: at(0) });
    expect(await checkAccountLink(reset, "set-password", at(1000))).toEqual({ ok: false, reason: "invalid" });
    expect(await claimAccountLink(reset, "email-change", at(1000))).toEqual({ ok: false, reason: "invalid" });

    const approval = new URL(
      await approvalUrl(
        "https://isgpb.example",
        SECRET,
        { account: account.key, application: "EN-1" },
        at(0),
      ),
    ).searchParams.get("token");
    expect(await claimAccountLink(approval, "password-reset", at(1000))).toEqual({
      ok: false,
      reason: "invalid",
    });
    const newsletter = new URL(
      await newsletterLink("confirm", account.email, "https://isgpb.example", SECRET),
    ).searchParams.get("token");
    expect(await claimAccountLink(newsletter, "password-reset")).toEqual({ ok: false, reason: "invalid" });
  });

  it("are refused when forged: another secret, an altered payload, or no token at all", async () => {
    const account = await anAccount();
    const claims = {
      account: account.key,
      nonce: "A".repeat(22),
      password: passwordFingerprint(account.passwordHash, SECRET),
    };
    const otherSecret = await signToken("not-our-secret", "password-reset", claims, at(60_000));
    expect(await claimAccountLink(otherSecret, "password-reset", at(0))).toEqual({
      ok: false,
      reason: "invalid",
    });

    const genuine = await createAccountLink(account, "password-reset", { now: at(0) });
    const [payload = "", signature] = genuine.split(".");
    const altered = `${payload.slice(0, -2)}${payload.endsWith("A") ? "B" : "A"}${payload.slice(-1)}.${signature}`;
    expect(await claimAccountLink(altered, "password-reset", at(0))).toEqual({
      ok: false,
      reason: "invalid",
    });
    for (const junk of [undefined, "", "abc", "a.b.c", 42])
      expect(await claimAccountLink(junk, "password-reset", at(0))).toEqual({ ok: false, reason: "invalid" });

    // Signed with our secret but for an account that does not exist.
    const ghost = await createAccountLink({ key: crypto.randomUUID(), passwordHash: "" }, "password-reset", {
      now: at(0),
    });
    expect(await claimAccountLink(ghost, "password-reset", at(1000))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("the rows of used links", () => {
  const HOUR = 60 * 60 * 1000;
  const rowOf = (nonce: string) =>
    database().selectFrom("used_links").selectAll().where("nonce", "=", nonce).executeTakeFirst();

  async function used(purpose: "password-reset" | "set-password" | "claim", madeAt: number, usedAt: number) {
    const account = await anAccount();
    const token = await createAccountLink(account, purpose, { now: at(madeAt) });
    const claim = await claimAccountLink(token, purpose, at(usedAt));
    if (!claim.ok) throw new Error("expected the claim to succeed");
    return { token, nonce: claim.link.nonce };
  }

  it("stay while their link could still be presented, so it is still refused as used", async () => {
    // The longest-lived link, used at once: a claim link works for 14 days from its making.
    expect(LONGEST_LINK_LIFETIME_MS).toBe(LINK_LIFETIME_MS.claim);
    const { token, nonce } = await used("claim", 0, 1000);
    const lastMoment = LINK_LIFETIME_MS.claim - 1;
    await deleteExpiredRecords(at(lastMoment));
    expect(await rowOf(nonce)).toMatchObject({ purpose: "claim", used_at: at(1000) });
    expect(await claimAccountLink(token, "claim", at(lastMoment))).toEqual({
      ok: false,
      reason: "used",
    });
    expect(await checkAccountLink(token, "claim", at(lastMoment))).toEqual({
      ok: false,
      reason: "used",
    });
  });

  it("go once older than the longest lifetime (and an hour), when the link is refused as expired anyway", async () => {
    const old = await used("password-reset", 0, 1000);
    const recent = await used("set-password", USED_LINK_KEPT_MS - HOUR, USED_LINK_KEPT_MS - HOUR + 1000);
    const now = at(1000 + USED_LINK_KEPT_MS + 1);
    const run = await deleteExpiredRecords(now);
    expect(run.usedLinks).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.nonce)).toBeUndefined();
    expect(await rowOf(recent.nonce)).toBeDefined();
    expect(await claimAccountLink(old.token, "password-reset", now)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await claimAccountLink(recent.token, "set-password", now)).toEqual({ ok: false, reason: "used" });
  });

  it("cannot outlive a link made to work longer than the sweep keeps its row", async () => {
    const account = await anAccount();
    await expect(
      createAccountLink(account, "set-password", { lifetimeMs: LONGEST_LINK_LIFETIME_MS + 1 }),
    ).rejects.toThrow(RangeError);
  });
});
