import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutralised, spreadsheetCsv } from "./spreadsheet-csv.server.ts";

describe("a CSV for a spreadsheet", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const hostile of ["=1+1", "+91", "-2", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutralised(hostile)).toBe(`'${hostile}`);
    expect(neutralised("plain@example.org")).toBe("plain@example.org");
    expect(neutralised("a=b")).toBe("a=b");
  });

  it("writes the header, and reads back cell for cell, neutralised", () => {
    const rows = [
      ['"quoted", with comma', '=HYPERLINK("http://x")'],
      ["line\nbreak", "-1"],
    ];
    const text = spreadsheetCsv(["first", "second"], rows);
    expect(text.startsWith("\uFEFFfirst,second\r\n")).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ["first", "second"],
      [rows[0]?.[0], `'${rows[0]?.[1]}`],
      ["line\nbreak", "'-1"],
    ]);
  });
});
