import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "../../src/server/account/accounts.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { FORGOT_ANSWER_FLOOR_MS } from "../../src/server/account/password-recovery.server.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { pageServer } from "../support/page-server.ts";
import { registerMember } from "../support/register.ts";
import { scriptPostRequest } from "../support/requests.ts";

/**
 * The claim page's answer takes the same time whether or not the register knows the address
 * (issue 57 item 6), as the sign-in's does for a wrong password and an unknown address. Both are
 * timed here by the wall clock, alternately, several times: the claim's known and unknown medians
 * must be no further apart than 10 %, or than the sign-in's two medians are in the same run,
 * whichever is wider (the sign-in's own, stricter CPU-time test is login-timing.test.ts).
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
startDatabase();

const TRIALS = 6;
let pages: Awaited<ReturnType<typeof pageServer>>;
beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "claim-timing-test-secret");
  pages = await pageServer((path) => path === "claim-account" || path === "login");
});
afterAll(() => vi.unstubAllEnvs());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return ((sorted[Math.floor(middle - 0.5)] ?? 0) + (sorted[Math.ceil(middle - 0.5)] ?? 0)) / 2;
};
const apart = (a: number[], b: number[]) => {
  const [x, y] = [median(a), median(b)];
  return Math.abs(x - y) / Math.max(x, y);
};

async function timed(path: string, fields: Record<string, string>, ip: string, status: number) {
  const start = performance.now();
  const response = await pages(scriptPostRequest(path, fields), { ip });
  await response.arrayBuffer();
  const took = performance.now() - start;
  expect(response.status).toBe(status);
  return took;
}

describe("the claim page's time", () => {
  it(`is the same for a known and an unknown address, within noise, as the sign-in's is (${TRIALS} trials each)`, async () => {
    const passwordHash = await hashPassword("the-real-password-1");
    for (let n = 0; n < TRIALS; n++) {
      await registerMember({ memberNo: `T-${n}`, email: `on.register${n}@example.org`, name: `Member ${n}` });
      await createAccount({
        email: `signs.in${n}@example.org`,
        name: `Signer ${n}`,
        membership: "1",
        applicationId: `EN-T${n}`,
        submissionId: `s${n}`,
        submittedAt: new Date().toISOString(),
        status: "active",
        passwordHash,
      });
    }
    const claim = { known: [] as number[], unknown: [] as number[] };
    const signIn = { known: [] as number[], unknown: [] as number[] };
    for (let n = 0; n < TRIALS; n++) {
      // Each trial its own address and network, so no throttle answers early; which goes first alternates.
      const trials = [
        async () =>
          claim.known.push(
            await timed(
              "/claim-account",
              { email: `on.register${n}@example.org` },
              `198.51.100.${n + 1}`,
              202,
            ),
          ),
        async () =>
          claim.unknown.push(
            await timed("/claim-account", { email: `not.on${n}@example.org` }, `198.51.100.${n + 101}`, 202),
          ),
        async () =>
          signIn.known.push(
            await timed(
              "/login",
              { email: `signs.in${n}@example.org`, password: "a-wrong-one-1" },
              `203.0.113.${n + 1}`,
              401,
            ),
          ),
        async () =>
          signIn.unknown.push(
            await timed(
              "/login",
              { email: `nobody${n}@example.org`, password: "a-wrong-one-1" },
              `203.0.113.${n + 101}`,
              401,
            ),
          ),
      ];
      for (const trial of n % 2 === 0 ? trials : trials.reverse()) await trial();
    }
    // The known addresses were each mailed their link: the work the floor hides was done.
    expect((await outboxMails()).filter((mail) => mail.key.startsWith("claim-link/"))).toHaveLength(TRIALS);
    expect(Math.min(...claim.known, ...claim.unknown)).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    expect(apart(claim.known, claim.unknown)).toBeLessThanOrEqual(
      Math.max(0.1, apart(signIn.known, signIn.unknown)),
    );
  });
});
