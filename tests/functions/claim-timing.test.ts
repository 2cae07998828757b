import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as recovery from "../../src/server/account/password-recovery.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { pageServer, readData } from "../support/page-server.ts";
import { registerMember } from "../support/register.ts";
import { scriptPostRequest } from "../support/requests.ts";

/**
 * The claim page's answer takes the same time whether or not the register knows the address
 * (issue 57 item 6), as the sign-in's does. Asserted here by structure, not by the wall clock (a
 * busy machine would decide a timed comparison): every answer, known address or not, is the
 * floor's (`atLeast` with forgot-password's FORGOT_ANSWER_FLOOR_MS), all of the work that differs
 * (the lookup, the link, the mail) is done inside it, and the floor pads any work short of it to
 * the same moment. The times themselves are measured by `npm run bench:claim` (known, unknown and
 * the sign-in's two, medians); the sign-in's own equal cost is login-timing.test.ts's.
 */
type Floor = { floorMs: number; startedBeforeWork: boolean; claimMailsWhenDone: number };
const floors: Floor[] = [];

vi.mock(import("../../src/server/account/password-recovery.server.ts"), async (importOriginal) => {
  const real = await importOriginal();
  const { outboxMails: mails } = await import("../support/database.ts");
  return {
    ...real,
    // The real floor, watched: when the work inside it began and what it had done when it ended.
    atLeast: <T>(started: number, floorMs: number, work: () => Promise<T>) =>
      real.atLeast(started, floorMs, async () => {
        const startedBeforeWork = started <= Date.now();
        const result = await work();
        const claimMailsWhenDone = (await mails()).filter((mail) =>
          mail.key.startsWith("claim-link/"),
        ).length;
        floors.push({ floorMs, startedBeforeWork, claimMailsWhenDone });
        return result;
      }),
  };
});

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
startDatabase();

let pages: Awaited<ReturnType<typeof pageServer>>;
beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "claim-timing-test-secret");
  pages = await pageServer((path) => path === "claim-account" || path === "forgot-password");
});
afterAll(() => vi.unstubAllEnvs());

const claim = async (fields: Record<string, string>, ip: string) => {
  const answer = await readData(await pages(scriptPostRequest("/claim-account", fields), { ip }));
  return { status: answer.status, redirect: answer.redirect };
};

describe("the claim page's answer", () => {
  it("is the forgot-password floor's for a known address, an unknown one and a wrong number, with the work inside it", async () => {
    await registerMember({ memberNo: "T-1", email: "on.register@example.org", name: "Dr. On Register" });
    floors.length = 0;
    const answers = [
      await claim({ email: "on.register@example.org" }, "198.51.100.1"),
      await claim({ email: "not.on@example.org" }, "198.51.100.2"),
      await claim({ email: "on.register@example.org", memberNo: "T-9" }, "198.51.100.3"),
    ];
    // The same words for all three.
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, redirect: "/claim-account?status=sent" });
    // Each answer went through one floor, the same one, begun before the work it hides...
    expect(floors.map((floor) => [floor.floorMs, floor.startedBeforeWork])).toEqual([
      [recovery.FORGOT_ANSWER_FLOOR_MS, true],
      [recovery.FORGOT_ANSWER_FLOOR_MS, true],
      [recovery.FORGOT_ANSWER_FLOOR_MS, true],
    ]);
    // ...and the known address's link was mailed inside it (nothing of it left after the answer).
    expect(floors.map((floor) => floor.claimMailsWhenDone)).toEqual([1, 1, 1]);
    expect((await outboxMails()).filter((mail) => mail.key.startsWith("claim-link/"))).toHaveLength(1);
  });

  it("takes the same floor as forgot-password's answer", async () => {
    floors.length = 0;
    const response = await pages(scriptPostRequest("/forgot-password", { email: "not.on@example.org" }), {
      ip: "198.51.100.4",
    });
    expect(response.status).toBe(202);
    expect(floors.map((floor) => floor.floorMs)).toEqual([recovery.FORGOT_ANSWER_FLOOR_MS]);
    // No stray rows: the forgot-password request left the register as it was.
    expect(await database().selectFrom("register_members").select("member_no").execute()).toHaveLength(1);
  });
});

describe("the floor (atLeast)", () => {
  afterEach(() => vi.useRealTimers());

  // The clock is the test's: quick work, slow work and failing work all answer at the floor's
  // moment, not before, whatever the machine is doing.
  for (const [what, workMs, fails] of [
    ["work that takes no time", 0, false],
    ["work that takes 400 ms", 400, false],
    ["work that fails after 300 ms", 300, true],
  ] as const)
    it(`answers ${what} exactly at the floor`, async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
      const started = Date.now();
      let settled: number | null = null;
      const { atLeast } = await vi.importActual<typeof recovery>(
        "../../src/server/account/password-recovery.server.ts",
      );
      const answer = atLeast(started, 1500, async () => {
        await new Promise((resolve) => setTimeout(resolve, workMs));
        if (fails) throw new Error("the records failed");
        return "done";
      })
        .then(
          () => "done",
          () => "failed",
        )
        .finally(() => {
          settled = Date.now() - started;
        });
      await vi.advanceTimersByTimeAsync(1499);
      expect(settled).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(await answer).toBe(fails ? "failed" : "done");
      expect(settled).toBe(1500);
    });
});
