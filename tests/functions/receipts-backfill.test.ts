/**
 * The receipts' migration (0008) numbers the payments recorded before it, in the order they were
 * confirmed, each in the financial year (India's) it was confirmed in (decision 0055).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../netlify/database/migrations");

async function apply(db: PGlite, before: (name: string) => boolean) {
  for (const name of (await readdir(MIGRATIONS)).filter((file) => file.endsWith(".sql")).sort())
    if (before(name)) await db.exec(await readFile(path.join(MIGRATIONS, name), "utf8"));
}

describe("the receipts' backfill", () => {
  it("numbers earlier payments per financial year in the order they were confirmed", async () => {
    const db = new PGlite();
    await apply(db, (name) => name < "0008");
    await db.exec(`
      INSERT INTO accounts (id, email, name, membership, application_id, submitted_at, status)
      VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.org', 'Asha Rao', '1', 'EN-0A1B2C3D4E', now(), 'active'),
             ('00000000-0000-4000-8000-000000000002', 'b@example.org', 'Bala Nair', '2', 'EN-1A1B2C3D4E', now(), 'active');
      INSERT INTO payments (account_id, reference, amount, paid_on, confirmed_at) VALUES
        ('00000000-0000-4000-8000-000000000002', 'ISGPB-EN-1A1B2C3D4E-2026-27', 1500, '2026-04-02', '2026-04-02T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'ISGPB-EN-0A1B2C3D4E-2025-26', 1500, '2026-03-31', '2026-03-31T20:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'ISGPB-M-0A1B2C3D4E-2024-25', 1200, '2025-03-30', '2025-03-30T10:00:00Z');
    `);
    await apply(db, (name) => name.startsWith("0008"));
    const { rows } = await db.query<{
      number: string;
      reference: string;
      issued_to: string;
      member_no: string;
    }>(`
      SELECT r.number, p.reference, r.issued_to, r.member_no
      FROM receipts r JOIN payments p ON p.id = r.payment_id ORDER BY r.number`);
    // 31 March 20:00 UTC is 1 April in India: the new year's book.
    expect(rows).toEqual([
      {
        number: "ISGPB/2024-25/000001",
        reference: "ISGPB-M-0A1B2C3D4E-2024-25",
        issued_to: "Asha Rao",
        member_no: "M-0A1B2C3D4E",
      },
      {
        number: "ISGPB/2026-27/000001",
        reference: "ISGPB-EN-0A1B2C3D4E-2025-26",
        issued_to: "Asha Rao",
        member_no: "M-0A1B2C3D4E",
      },
      {
        number: "ISGPB/2026-27/000002",
        reference: "ISGPB-EN-1A1B2C3D4E-2026-27",
        issued_to: "Bala Nair",
        member_no: "M-1A1B2C3D4E",
      },
    ]);
    const series = await db.query("SELECT series, last FROM receipt_series ORDER BY series");
    expect(series.rows).toEqual([
      { series: "2024-25", last: 1 },
      { series: "2026-27", last: 2 },
    ]);
    await db.close();
  });
});
