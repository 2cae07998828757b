import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../common-passwords.ts";
import { COUNTRIES, INDIAN_STATES, LANGUAGES, UNION_TERRITORIES } from "../enrolment-options.ts";
import { MEMBERSHIP_TYPES, NO_MEMBERSHIP } from "../membership/types.ts";
import {
  enrolmentSchema,
  loginSchema,
  MEMBERSHIP_REQUIRED,
  NO_MEMBERSHIP_NEEDS_ROLE,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "./enrolment.ts";
import { fieldErrors } from "./fields.ts";

const valid = {
  membership: "1",
  name: "Farhan Siddiqui",
  designation: "Assistant Professor",
  dob: "1990-06-30",
  address: "Department of Botany, Example University",
  country: "India",
  city: "Aligarh",
  pincode: "202002",
  phone: "0571 000 0000",
  mobile: "90000 00031",
  email: "farhan@example.org",
  password: "Rabi-harvest-8812",
  confirmPassword: "Rabi-harvest-8812",
  agreement: "on",
};

/** Field → its first problem, as the form shows them. */
const errorsOf = (input: Record<string, unknown>) => {
  const result = enrolmentSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const years = (n: number) => 365.25 * 24 * 3600 * 1000 * n;

describe("enrolmentSchema", () => {
  it("accepts a complete application, with the SPEC's defaults", () => {
    const parsed = enrolmentSchema.parse(valid);
    expect(parsed).toMatchObject({ format: "Soft Copy", country: "India", agreement: true, author: false });
    expect(parsed.indianLanguages).toEqual([]);
    expect(parsed.mobile).toBe("+919000000031");
  });

  it("requires every field SPEC section 5 marks required", () => {
    const required = [
      "name",
      "designation",
      "dob",
      "address",
      "city",
      "pincode",
      "phone",
      "mobile",
      "email",
      "password",
      "agreement",
    ];
    for (const field of required) {
      const { [field]: _, ...rest } = valid as Record<string, unknown>;
      expect(Object.keys(errorsOf(rest)), field).toContain(field);
    }
    // confirmPassword: missing means it does not match.
    const { confirmPassword: _, ...rest } = valid;
    expect(errorsOf(rest).confirmPassword).toBe("The passwords do not match");
  });

  it("asks for one value of a field sent twice, in the field's own words, not 'must be text'", () => {
    const twice = (field: string) => {
      const value = (valid as Record<string, string>)[field] ?? "";
      return errorsOf({ ...valid, [field]: [value, value] })[field];
    };
    expect(twice("dob")).toBe("Enter only one Date of Birth");
    const labels: Record<string, string> = {
      name: "Full Name",
      designation: "Designation/Position",
      address: "Office Address",
      city: "City",
      pincode: "PIN Code",
      phone: "Office Phone",
      mobile: "Mobile",
      email: "Email Address",
      password: "Password",
    };
    for (const [field, label] of Object.entries(labels))
      expect(twice(field), field).toBe(`Enter only one ${label}`);
    // A field without a rule of its own is named by its name.
    expect(twice("confirmPassword")).toBe("Enter only one confirm password");
    // A box ticked twice is ticked: the two cannot disagree.
    expect(errorsOf({ ...valid, agreement: ["on", "on"] })).toEqual({});
    expect(enrolmentSchema.parse({ ...valid, author: ["on", "on"] }).author).toBe(true);
  });

  it("makes the membership type a required choice, and refuses an application that is none of them", () => {
    for (const membership of [undefined, "", "0", "None"])
      expect(errorsOf({ ...valid, membership }).membership, String(membership)).toBe(MEMBERSHIP_REQUIRED);
    // No membership is a choice for authors and reviewers only.
    expect(errorsOf({ ...valid, membership: NO_MEMBERSHIP }).membership).toBe(NO_MEMBERSHIP_NEEDS_ROLE);
    expect(errorsOf({ ...valid, membership: NO_MEMBERSHIP, author: "on" })).toEqual({});
    expect(errorsOf({ ...valid, membership: NO_MEMBERSHIP, reviewer: true })).toEqual({});
    for (const { value } of MEMBERSHIP_TYPES) expect(errorsOf({ ...valid, membership: value })).toEqual({});
  });

  it("accepts every Indian PIN code: six digits not starting with 0", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5}$/), (pincode) => {
        expect(errorsOf({ ...valid, pincode })).toEqual({});
      }),
    );
  });

  it("refuses anything else as an Indian PIN code", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((pin) => !/^[1-9]\d{5}$/.test(pin.trim())),
        (pincode) => {
          expect(Object.keys(errorsOf({ ...valid, pincode }))).toContain("pincode");
        },
      ),
    );
  });

  it("takes another country's postal code when the country is not India", () => {
    expect(errorsOf({ ...valid, country: "United Kingdom", pincode: "SW1A 1AA" })).toEqual({});
    expect(errorsOf({ ...valid, country: "Nepal", pincode: "44600" })).toEqual({});
    expect(Object.keys(errorsOf({ ...valid, country: "Atlantis" }))).toEqual(["country"]);
  });

  it("accepts any password of 8 to 128 characters that is not common, when confirmed", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }).filter((p) => !isCommonPassword(p)),
        (password) => {
          expect(errorsOf({ ...valid, password, confirmPassword: password })).toEqual({});
        },
      ),
    );
  });

  it("refuses a password too short, too long, common, or not confirmed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: PASSWORD_MIN - 1 }), (password) => {
        expect(errorsOf({ ...valid, password, confirmPassword: password }).password).toMatch(/at least 8/);
      }),
    );
    const long = "x1".repeat(65);
    expect(errorsOf({ ...valid, password: long, confirmPassword: long }).password).toMatch(/at most 128/);
    for (const common of ["password123", "PASSWORD123", "12345678", "qwertyuiop", "aaaaaaaaaa", "abcdefghij"])
      expect(errorsOf({ ...valid, password: common, confirmPassword: common }).password).toBe(
        "This password is too common; choose another",
      );
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (other) => {
        fc.pre(other !== valid.password);
        expect(errorsOf({ ...valid, confirmPassword: other }).confirmPassword).toBe(
          "The passwords do not match",
        );
      }),
    );
  });

  it("lists the checks across fields beside the other fields' problems, not on a second try", () => {
    expect(
      errorsOf({
        ...valid,
        email: "not an address",
        membership: "",
        indianLanguages: "Klingon",
        pincode: "12345",
        confirmPassword: "Rabi-harvest-8813",
      }),
    ).toEqual({
      email: expect.any(String),
      indianLanguages: expect.any(String),
      membership: MEMBERSHIP_REQUIRED,
      pincode: expect.stringMatching(/six-digit PIN code/),
      confirmPassword: "The passwords do not match",
    });
    // A check needs the fields it reads to have a value of their type: no PIN code rule for a
    // country not in the list.
    expect(errorsOf({ ...valid, country: "Atlantis", pincode: "12" })).toEqual({
      country: "Choose a country from the list",
    });
  });

  it("accepts a date of birth between 16 and 110 years ago, and no other", () => {
    const now = Date.now();
    fc.assert(
      fc.property(
        fc.date({ min: new Date(now - years(109.9)), max: new Date(now - years(16.1)), noInvalidDate: true }),
        (date) => {
          expect(errorsOf({ ...valid, dob: date.toISOString().slice(0, 10) })).toEqual({});
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.date({ min: new Date(now - years(15.9)), max: new Date(now + years(50)), noInvalidDate: true }),
        (date) => {
          expect(Object.keys(errorsOf({ ...valid, dob: date.toISOString().slice(0, 10) }))).toEqual(["dob"]);
        },
      ),
    );
    for (const dob of ["1990-02-30", "30-06-1990", "1990/06/30", "yesterday"])
      expect(Object.keys(errorsOf({ ...valid, dob }))).toEqual(["dob"]);
  });

  it("never lets a line break into a one-line field (they reach e-mail subjects)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("name", "designation", "city", "email"),
        fc.string(),
        fc.constantFrom("\r\n", "\n", "\r", "\u2028"),
        fc.string(),
        (field, before, newline, after) => {
          expect(Object.keys(errorsOf({ ...valid, [field]: `${before}${newline}${after}` }))).toContain(
            field,
          );
        },
      ),
    );
  });

  it("knows 135 languages, 194 countries and 36 states and union territories", () => {
    expect(LANGUAGES).toHaveLength(135);
    expect(LANGUAGES[0]).toBe("Afan/Oromo");
    expect(LANGUAGES.at(-1)).toBe("Zulu");
    expect(LANGUAGES).toEqual(expect.arrayContaining(["English", "Hindi", "Tamil"]));
    expect(COUNTRIES).toHaveLength(194);
    expect(INDIAN_STATES).toHaveLength(28);
    expect(UNION_TERRITORIES).toHaveLength(8);
    for (const list of [LANGUAGES, COUNTRIES, INDIAN_STATES, UNION_TERRITORIES])
      expect([...list].sort((a, b) => a.localeCompare(b, "en"))).toEqual([...list]);
    fc.assert(
      fc.property(
        fc.subarray([...LANGUAGES]),
        fc.constantFrom(...INDIAN_STATES, ...UNION_TERRITORIES),
        (indianLanguages, state) => {
          expect(enrolmentSchema.parse({ ...valid, indianLanguages, state })).toMatchObject({
            indianLanguages,
            state,
          });
        },
      ),
    );
    expect(Object.keys(errorsOf({ ...valid, indianLanguages: ["Klingon"] }))).toEqual(["indianLanguages"]);
  });

  it("rejects unknown keys, and stores addresses in lower case", () => {
    expect(errorsOf({ ...valid, status: "active" })).toEqual({ form: "Unknown fields: status" });
    expect(enrolmentSchema.parse({ ...valid, email: "Farhan@Example.ORG" }).email).toBe("farhan@example.org");
  });
});

describe("loginSchema", () => {
  it("requires both fields and an e-mail address", () => {
    expect(loginSchema.safeParse({ email: "a@example.org", password: "x" }).success).toBe(true);
    expect(loginSchema.safeParse({ email: "a@example.org", password: "" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: "nope", password: "x" }).success).toBe(false);
  });
});
