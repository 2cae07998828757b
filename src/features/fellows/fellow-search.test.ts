import { describe, expect, it } from "vitest";
import type { Fellow } from "#shared/schemas/directory.ts";
import { yearsOf } from "./fellow-search.ts";

const elected = (fellowOfTheYear: string): Fellow => ({
  serialNumber: "1",
  fellowNumber: "F-1",
  fellowOfTheYear,
  name: "Dr. Test Fellow",
  position: "Professor",
  university: "A University",
  address: "",
});

describe("yearsOf", () => {
  it("lists each year once, newest first, as numbers and not as text", () =>
    expect(yearsOf(["2010", "2025", "999", "2010", "", "2019"].map(elected))).toEqual([
      "2025",
      "2019",
      "2010",
      "999",
    ]));
});
