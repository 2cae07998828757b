import { describe, expect, it } from "vitest";
import type { ListedAccount } from "./applications.server.ts";
import { type ApplicationRow, applicationRow, matchesSearch } from "./applications.server.ts";

const account = {
  payments: [
    { reference: "ISGPB-EN-0A1B2C3D4E-2024-25", amount: 1200, paidOn: "2024-05-01", confirmedAt: "" },
    {
      reference: "ISGPB-M-0A1B2C3D4E-2025-26",
      amount: 1000,
      paidOn: "2025-04-10",
      confirmedAt: "",
      bankReference: "SBIN525100012345",
    },
  ],
} as ListedAccount;
const row = {
  name: "Meera Iyer",
  email: "meera@example.org",
  applicationId: "EN-0A1B2C3D4E",
  memberNumber: "M-0A1B2C3D4E",
  reference: "ISGPB-M-0A1B2C3D4E-2026-27",
} as ApplicationRow;

describe("searching the applications", () => {
  it("finds by name, e-mail, application id, member number, the reference due or any paid, or a payment's bank reference, in any case", () => {
    for (const needle of [
      "iyer",
      "meera@",
      "en-0a1b",
      "m-0a1b2c3d4e",
      "2026-27",
      "isgpb-en-0a1b2c3d4e-2024-25",
      "sbin5251000123",
      "sbin 5251 0001 2345",
    ])
      expect(matchesSearch(account, row, needle), needle).toBe(true);
    expect(matchesSearch(account, row, "")).toBe(true);
  });

  it("finds nothing else, and no member number before the first payment", () => {
    expect(matchesSearch(account, row, "2023-24")).toBe(false);
    expect(matchesSearch(account, row, "sbin525100099")).toBe(false);
    expect(matchesSearch(account, row, "   ")).toBe(false);
    expect(matchesSearch({} as ListedAccount, { ...row, memberNumber: null, reference: "x" }, "m-0a1b")).toBe(
      false,
    );
  });
});

describe("a row's payment reference", () => {
  const base = {
    key: "k",
    email: "author@example.org",
    name: "An Author",
    applicationId: "EN-0A1B2C3D4E",
    submissionId: "",
    submittedAt: "2026-06-01T06:00:00.000Z",
    verified: true,
  };

  it("is the application's own reference while it waits for payment, never the bare application id", () => {
    const pending = applicationRow({ ...base, membership: "1", status: "pending-payment" } as ListedAccount);
    expect(pending.reference).toBe("ISGPB-EN-0A1B2C3D4E-2026-27");
    const author = applicationRow({
      ...base,
      membership: "none",
      status: "active",
      activatedAt: "2026-06-01T06:00:00.000Z",
    } as ListedAccount);
    expect(author.reference).toBe("");
  });
});
