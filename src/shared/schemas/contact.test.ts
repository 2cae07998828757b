import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { phoneAsWritten } from "../forms/field-rules.ts";
import { contactMessageSchema } from "./contact.ts";
import { normalizePhone } from "./fields.ts";

const valid = {
  first_name: "Meera",
  last_name: "Iyer",
  email: "meera@example.org",
  phone_number: "",
  message: "Hello",
};

describe("contactMessageSchema", () => {
  it("accepts a message and keeps Unicode names exactly", () => {
    const parsed = contactMessageSchema.parse({ ...valid, first_name: "मीरा", last_name: "ஐயர்" });
    expect(parsed.first_name).toBe("मीरा");
    expect(parsed.last_name).toBe("ஐயர்");
  });

  it("keeps zero-width joiners, which Indic scripts need", () => {
    expect(contactMessageSchema.parse({ ...valid, first_name: "क्‍ष" }).first_name).toBe("क्‍ष");
  });

  it.each([
    ["first_name", "Meera\r\nBcc: all@example.org"],
    ["last_name", "Iyer\n"],
    ["first_name", "evil\u202Etxt.exe"],
    ["first_name", ""],
    ["email", "not-an-email"],
    ["email", "a@example.org\r\nBcc: x@example.org"],
    ["phone_number", "call me maybe"],
    ["phone_number", "-------"],
    ["phone_number", "+91 123"],
    ["phone_number", "1234567890123456"],
    ["message", ""],
    ["message", "5001 characters".padEnd(5001, ".")],
    ["message", "bell\u0007"],
  ])("refuses this %s: %j", (field, value) => {
    const result = contactMessageSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it("refuses unknown keys instead of merging them", () => {
    const result = contactMessageSchema.safeParse({ ...valid, admin: "true" });
    expect(result.success).toBe(false);
  });

  it("normalizes phone numbers to international form", () => {
    expect(normalizePhone("98765 43210")).toBe("+919876543210");
    expect(normalizePhone("+91 (11) 2584-0000")).toBe("+911125840000");
    expect(normalizePhone("0091 98765 43210")).toBe("+919876543210");
    expect(normalizePhone("011 2584 0000")).toBe("+911125840000");
  });

  it("refuses a number that cannot be one: a trunk 0 without a 10-digit number after it, or a code starting with 0", () => {
    for (const phone_number of ["0484 000", "0484 2000", "+0484000", "+0 98765 43210"])
      expect(contactMessageSchema.safeParse({ ...valid, phone_number }).success, phone_number).toBe(false);
    for (const phone_number of ["0484 200 0000", "04842 000000", "0044 20 7946 0000", "2584 0000"])
      expect(contactMessageSchema.safeParse({ ...valid, phone_number }).success, phone_number).toBe(true);
  });

  it("writes an Indian mobile number back as the directory sheet does, and any other as stored", () => {
    expect(phoneAsWritten("+919876543210")).toBe("+91 98765 43210");
    expect(phoneAsWritten("+911125840000")).toBe("+911125840000");
    expect(phoneAsWritten("+442079460000")).toBe("+442079460000");
    expect(phoneAsWritten("")).toBe("");
  });

  it("keeps a phone number only if it has 7 to 15 digits, whatever else it holds", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[\d\s().-]{0,25}$/), (phone_number) => {
        const result = contactMessageSchema.safeParse({ ...valid, phone_number });
        const digits = phone_number.replace(/\D/g, "").length;
        if (result.success && phone_number.trim() !== "") {
          expect(digits).toBeGreaterThanOrEqual(7);
          expect(digits).toBeLessThanOrEqual(15);
          expect(result.data.phone_number).toMatch(/^\+\d{7,15}$/);
        }
      }),
      { numRuns: 500 },
    );
    // 500 runs take about a second; allow for a machine busy with other work.
  }, 20_000);

  it("never throws, and never accepts a line break in a one-line field, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.record({
          first_name: fc.string({ unit: "grapheme" }),
          last_name: fc.string({ unit: "binary" }),
          email: fc.oneof(fc.emailAddress(), fc.string()),
          phone_number: fc.string(),
          message: fc.string({ unit: "binary", maxLength: 200 }),
        }),
        (input) => {
          const result = contactMessageSchema.safeParse(input);
          if (result.success) {
            for (const field of ["first_name", "last_name", "email", "phone_number"] as const) {
              expect(result.data[field]).not.toMatch(/[\r\n]/);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
    // 500 runs take about a second; allow for a machine busy with other work.
  }, 20_000);
});
