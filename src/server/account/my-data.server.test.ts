import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDatabase } from "../../../tests/support/database.ts";
import { database } from "../db/database.server.ts";
import { storeSubmission, submissionId } from "../submissions.server.ts";
import { myDataFileName, ownSubmissions } from "./my-data.server.ts";

describe("myDataFileName", () => {
  it("names the download with the day in India, not UTC's", () => {
    // 01:48 on 28 November in India is still the 27th in UTC.
    expect(myDataFileName(new Date("2026-11-27T20:18:00Z"))).toBe("isgpb-my-data-2026-11-28.json");
    expect(myDataFileName(new Date("2026-11-27T18:29:00Z"))).toBe("isgpb-my-data-2026-11-27.json");
  });
});

describe("'Download my data' reads only the member's own rows", () => {
  vi.setConfig({ hookTimeout: 60_000 });
  const { local } = startDatabase();
  const member = { email: "Meera.Iyer@example.org", applicationId: "EN-00MEERA001" };
  const OTHERS = 3000;

  beforeAll(async () => {
    // Many other members' messages, applications and corrections: one insert.
    const at = new Date("2026-05-01T10:00:00Z");
    await database()
      .insertInto("submissions")
      .values(
        Array.from({ length: OTHERS }, (_, n) => {
          const kind = ["contact", "enrolment", "directory-correction"][n % 3] as string;
          const data =
            kind === "directory-correction"
              ? { accountEmail: `member${n}@example.org`, applicationId: `EN-OTHER${n}`, details: "Pune" }
              : { email: `member${n}@example.org`, applicationId: `EN-OTHER${n}`, message: `Question ${n}` };
          return {
            kind,
            id: submissionId(kind, data, at),
            received_at: at,
            application_id: data.applicationId,
            data: JSON.stringify(data),
          };
        }),
      )
      .execute();
    // The member's own: written as the forms write them, the address as they typed it.
    await storeSubmission(
      "enrolment",
      { email: " meera.iyer@example.org", applicationId: member.applicationId },
      {},
    );
    await storeSubmission("contact", { email: "MEERA.IYER@example.org", message: "Mine" }, {});
    // A correction sent from the address the member had before: theirs by the application.
    await storeSubmission(
      "directory-correction",
      { accountEmail: "meera@old.example.org", applicationId: member.applicationId, details: "Kalyani" },
      {},
    );
    // Someone else's contact message naming the member's application is not theirs.
    await storeSubmission("contact", { email: "other@example.org", applicationId: member.applicationId }, {});
    await local().db.exec("ANALYZE submissions");
  });
  afterAll(() => vi.unstubAllEnvs());

  /** How the submissions table has been read so far, as Postgres counts it. */
  async function reads() {
    // Counts are flushed at a transaction's end; this asks for it now.
    await local().db.query("SELECT pg_stat_force_next_flush()");
    await local().db.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await local().db.query<{
      seq_scan: string;
      seq_tup_read: string;
      idx_tup_fetch: string;
    }>(
      "SELECT seq_scan, seq_tup_read, coalesce(idx_tup_fetch, 0) AS idx_tup_fetch FROM pg_stat_user_tables WHERE relname = 'submissions'",
    );
    const [row] = rows;
    return {
      seqScans: Number(row?.seq_scan),
      seqRows: Number(row?.seq_tup_read),
      indexRows: Number(row?.idx_tup_fetch),
    };
  }

  it("answers the member's submissions, and only theirs", async () => {
    const own = await ownSubmissions(member);
    expect(own.applications.map((row) => row.data)).toEqual([
      { email: " meera.iyer@example.org", applicationId: member.applicationId },
    ]);
    expect(own.contactMessages.map((row) => row.data)).toEqual([
      { email: "MEERA.IYER@example.org", message: "Mine" },
    ]);
    expect(own.directoryCorrections.map((row) => row.data)).toEqual([
      { accountEmail: "meera@old.example.org", applicationId: member.applicationId, details: "Kalyani" },
    ]);
  });

  it(`reads them by index, not by reading the ${OTHERS} others' rows`, async () => {
    const before = await reads();
    await ownSubmissions(member);
    const after = await reads();
    expect(after.seqScans - before.seqScans, "sequential scans of submissions").toBe(0);
    expect(after.seqRows - before.seqRows).toBe(0);
    // Only rows that name the member's address or application, each kind's query its own look:
    // a handful, whatever the thousands of others.
    expect(after.indexRows - before.indexRows).toBeGreaterThanOrEqual(3);
    expect(after.indexRows - before.indexRows).toBeLessThanOrEqual(12);
  });

  it("can tell: reading every stored message shows in the same counts", async () => {
    const before = await reads();
    await database().selectFrom("submissions").select("id").where("kind", "=", "contact").execute();
    const after = await reads();
    expect(after.seqScans - before.seqScans + (after.indexRows - before.indexRows)).toBeGreaterThan(0);
    expect(after.seqRows - before.seqRows + (after.indexRows - before.indexRows)).toBeGreaterThanOrEqual(
      OTHERS / 3,
    );
  });
});
