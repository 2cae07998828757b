import { describe, expect, it } from "vitest";
import { fieldsOf } from "./display.server.ts";

describe("fieldsOf", () => {
  it("reads a directory correction as the member's form put it: details by name, no entry said in words", () => {
    const correction = {
      accountEmail: "asha@example.org",
      memberId: null,
      fields: ["city", "add"],
      details: "Please add me: Pune.",
    };
    expect(fieldsOf(correction, "directory-correction")).toEqual([
      ["Account's e-mail address", "asha@example.org"],
      ["Directory member id", "not in the directory"],
      ["Which details are wrong or missing", "City, I am not in the directory: please add me"],
      ["What they should be", "Please add me: Pune."],
    ]);
  });

  it("shows a mobile number as the directory sheet writes one, whatever field holds it", () => {
    const rows = Object.fromEntries(
      fieldsOf(
        { phone: "+914842000000", mobile: "+919810000000", phone_number: "+442079460000" },
        "enrolment",
      ),
    );
    expect(Object.values(rows)).toEqual(["+914842000000", "+91 98100 00000", "+442079460000"]);
  });
});
