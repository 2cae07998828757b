import { describe, expect, it } from "vitest";
import { enrolmentSchema } from "../schemas/enrolment.ts";
import { fieldErrors } from "../schemas/fields.ts";
import { type EnrolmentValues, enrolmentProblems } from "./enrolment-fields.ts";

const typed: EnrolmentValues = {
  membership: "1",
  author: false,
  reviewer: false,
  dob: "1990-06-30",
  country: "India",
  pincode: "202002",
  phone: "0571 000 0000",
  mobile: "90000 00031",
  password: "Rabi-harvest-8812",
  confirmPassword: "Rabi-harvest-8812",
};
const rest = {
  name: "Farhan Siddiqui",
  designation: "Assistant Professor",
  address: "Department of Botany, Example University",
  city: "Aligarh",
  email: "farhan@example.org",
  agreement: "on",
};

/** The schema's problems with the same values, as the server would answer them. */
function schemaProblems(values: EnrolmentValues) {
  const { author, reviewer, ...text } = values;
  const result = enrolmentSchema.safeParse({
    ...rest,
    ...text,
    ...(author && { author: "on" }),
    ...(reviewer && { reviewer: "on" }),
  });
  return result.success ? {} : fieldErrors(result.error);
}

describe("enrolmentProblems, the page's checks beyond each field's rule", () => {
  it.each<[string, Partial<EnrolmentValues>]>([
    ["a role without a membership", { membership: "none" }],
    ["a date that does not exist", { dob: "1990-02-30" }],
    ["a date of birth too recent", { dob: "2020-01-01" }],
    ["a date in another format", { dob: "30-06-1990" }],
    ["an Indian PIN code starting with 0", { pincode: "012345" }],
    ["a postal code abroad", { country: "Nepal", pincode: "4" }],
    ["a phone number with letters", { phone: "call me" }],
    ["a mobile number too short", { mobile: "12345" }],
    ["a common password", { password: "password123", confirmPassword: "password123" }],
    ["a short password", { password: "short", confirmPassword: "short" }],
    ["passwords that differ", { confirmPassword: "Rabi-harvest-8813" }],
  ])("say what the server's schema says of %s", (_case, change) => {
    const values = { ...typed, ...change };
    const found = enrolmentProblems(values);
    expect(Object.keys(found)).toHaveLength(1);
    expect(found).toEqual(schemaProblems(values));
  });

  it("find nothing in a good application, and leave an empty field to its rule's own message", () => {
    expect(enrolmentProblems(typed)).toEqual({});
    expect(schemaProblems(typed)).toEqual({});
    const empty = { ...typed, membership: "", dob: "", pincode: "", phone: "", mobile: "", password: "" };
    expect(enrolmentProblems({ ...empty, confirmPassword: "" })).toEqual({});
  });
});
