import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { DIRECTORY_COLUMNS, rowsToRecords } from "../directory/sheet-rows.server.ts";
import type { ListedAccount } from "./applications.server.ts";
import {
  activationOf,
  directoryCsv,
  directoryRow,
  type StoredApplication,
} from "./directory-export.server.ts";

const application: StoredApplication = {
  name: "Dr. Meera Kulkarni",
  designation: "Principal Scientist",
  address: "Division of Genetics\nICAR-Indian Agricultural Research Institute\r\n  Pusa Campus  \n\n",
  city: "New Delhi",
  state: "Delhi",
  pincode: "110012",
  country: "India",
  mobile: "+91 98100 00000",
};

describe("a stored application as a row of the directory sheet", () => {
  it("maps each field to its column, the address split into its first line and the rest", () => {
    expect(directoryRow("meera@example.org", application)).toEqual({
      NAME: "Dr. Meera Kulkarni",
      POSITION: "Principal Scientist",
      UNIVERSITY: "",
      ADDRESS1: "Division of Genetics",
      ADDRESS2: "ICAR-Indian Agricultural Research Institute, Pusa Campus, PIN 110012",
      CITY: "New Delhi",
      STATE: "Delhi",
      EMAIL: "meera@example.org",
      MOBILE: "+91 98100 00000",
    });
  });

  it("adds the country outside India, and keeps a one-line address whole", () => {
    const abroad: StoredApplication = {
      ...application,
      address: "Plant Sciences, Block C",
      country: "Nepal",
      state: "",
      pincode: "44600",
    };
    expect(directoryRow("x@example.org", abroad)).toMatchObject({
      ADDRESS1: "Plant Sciences, Block C",
      ADDRESS2: "PIN 44600, Nepal",
      STATE: "",
    });
  });

  it("still gives the name and address when the application's record is gone", () => {
    expect(directoryRow("gone@example.org", null, "Dr. Ravi Menon")).toMatchObject({
      NAME: "Dr. Ravi Menon",
      EMAIL: "gone@example.org",
      POSITION: "",
    });
  });

  it("writes the sheet's columns, in order, after a byte order mark, and the directory reads it back", () => {
    const text = directoryCsv([directoryRow("meera@example.org", application)]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const cells = parse(text.slice(1)) as string[][];
    expect(cells[0]).toEqual([
      "NAME",
      "POSITION",
      "UNIVERSITY",
      "ADDRESS1",
      "ADDRESS2",
      "CITY",
      "STATE",
      "EMAIL",
      "MOBILE",
    ]);
    expect(cells[0]).toEqual(DIRECTORY_COLUMNS);
    // A mobile number starts with +: as text, never a formula.
    expect(rowsToRecords(cells, DIRECTORY_COLUMNS)[0]).toMatchObject({
      NAME: "Dr. Meera Kulkarni",
      MOBILE: "'+91 98100 00000",
    });
  });
});

describe("when an application was activated", () => {
  const account = (extra: Partial<ListedAccount>) =>
    ({ key: "k", verified: true, ...extra }) as ListedAccount;

  it("is when its first payment was confirmed; never for a pending one or a workspace account", () => {
    expect(
      activationOf(account({ membership: "1", status: "active", activatedAt: "2026-05-01T10:00:00.000Z" })),
    ).toBe("2026-05-01T10:00:00.000Z");
    expect(
      activationOf(
        account({
          membership: "2",
          status: "active",
          payments: [
            { reference: "b", amount: 1, paidOn: "2027-04-02", confirmedAt: "2027-04-02T00:00:00.000Z" },
            { reference: "a", amount: 1, paidOn: "2026-04-02", confirmedAt: "2026-04-02T00:00:00.000Z" },
          ],
        }),
      ),
    ).toBe("2026-04-02T00:00:00.000Z");
    expect(activationOf(account({ membership: "1", status: "pending-payment" }))).toBeNull();
    expect(activationOf(account({ status: "active", role: "secretariat" }))).toBeNull();
  });

  it("never for an author or reviewer account, active with no membership and no payment", () => {
    const author = account({
      membership: "none",
      status: "active",
      activatedAt: "2026-05-01T10:00:00.000Z",
      emailVerifiedAt: "2026-05-01T10:00:00.000Z",
    });
    expect(activationOf(author)).toBeNull();
    // Nor an old author account, whose membership was stored empty.
    expect(activationOf({ ...author, membership: "" })).toBeNull();
  });
});
