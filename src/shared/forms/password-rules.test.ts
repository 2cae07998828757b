import { describe, expect, it } from "vitest";
import { changePasswordSchema, resetPasswordSchema } from "../schemas/account-recovery.ts";
import { enrolmentSchema, loginSchema } from "../schemas/enrolment.ts";
import { fieldErrors } from "../schemas/fields.ts";
import { closeAccountSchema } from "../schemas/own-data.ts";
import { passwordProblem } from "./enrolment-fields.ts";
import { PASSWORD_MAX, passwordLength } from "./password-rules.ts";

/** 70 emoji: 140 UTF-16 code units, 280 bytes of UTF-8, and 70 characters to the person typing them. */
const SEVENTY_EMOJI = "🌾🧬".repeat(35);
/** Flags and families are several code points each, and still one character on the screen. */
const FLAGS_AND_FAMILIES = "🇮🇳👨‍👩‍👧‍👦".repeat(35);

const errors = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("a password's length is counted in characters, not bytes or code units", () => {
  it("counts what a person sees as one character", () => {
    expect(passwordLength(SEVENTY_EMOJI)).toBe(70);
    expect(passwordLength(FLAGS_AND_FAMILIES)).toBe(70);
    expect(passwordLength("Kisan-2026")).toBe(10);
    // Composed and decomposed spellings of one word are the same length.
    expect(passwordLength("Jose\u0301-2026")).toBe(passwordLength("Jos\u00e9-2026"));
  });

  it("accepts 70 emoji, and any password of 8 to at least 64 characters (NIST SP 800-63B)", () => {
    expect(PASSWORD_MAX).toBeGreaterThanOrEqual(64);
    const varied = (length: number, from: number) =>
      Array.from({ length }, (_, index) => String.fromCodePoint(from + ((index * 7) % 40))).join("");
    for (const password of [
      SEVENTY_EMOJI,
      FLAGS_AND_FAMILIES,
      varied(64, 0x0915),
      varied(PASSWORD_MAX, 0x41),
    ])
      expect(passwordProblem(password)).toBeNull();
  });

  it("takes 70 emoji in every form that sets or checks a password", () => {
    const base = {
      membership: "1",
      name: "Meera Iyer",
      designation: "Scientist",
      dob: "1980-01-01",
      address: "Plant Genetics",
      city: "Pune",
      pincode: "411001",
      phone: "+91 20 2000 0000",
      mobile: "+91 98765 43210",
      email: "meera@example.org",
      agreement: "on",
    };
    const twice = { password: SEVENTY_EMOJI, confirmPassword: SEVENTY_EMOJI };
    expect(errors(enrolmentSchema.safeParse({ ...base, ...twice }))).toEqual({});
    expect(errors(resetPasswordSchema.safeParse({ token: "t", ...twice }))).toEqual({});
    expect(errors(changePasswordSchema.safeParse({ currentPassword: FLAGS_AND_FAMILIES, ...twice }))).toEqual(
      {},
    );
    expect(errors(loginSchema.safeParse({ email: "meera@example.org", password: SEVENTY_EMOJI }))).toEqual(
      {},
    );
    expect(errors(closeAccountSchema.safeParse({ password: FLAGS_AND_FAMILIES }))).toEqual({});
  });

  it("refuses seven emoji as too short, and more than the maximum as too long", () => {
    expect(passwordProblem("🌾".repeat(7))).toMatch(/at least 8 characters/);
    expect(passwordProblem("🌾".repeat(PASSWORD_MAX + 1))).toMatch(`at most ${PASSWORD_MAX} characters`);
  });
});
