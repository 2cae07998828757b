import { describe, expect, it } from "vitest";
import type { z } from "../zod.ts";
import { changeEmailSchema, changePasswordSchema, forgotPasswordSchema } from "./account-recovery.ts";
import { contactMessageSchema } from "./contact.ts";
import { enrolmentSchema, loginSchema, resendSchema } from "./enrolment.ts";
import { fieldErrors } from "./fields.ts";
import { issueActionSchema, issueSchema } from "./newsletter-issue.ts";
import { closeAccountSchema, correctionSchema } from "./own-data.ts";
import {
  exportSchema,
  membershipPaymentSchema,
  passwordLinkSchema,
  paymentSchema,
  rejectSchema,
} from "./secretariat.ts";
import { subscribeSchema } from "./subscribe.ts";

/** Every schema an API takes a form with: an API's refusal speaks as the form does. */
const FORM_SCHEMAS: [string, z.ZodType][] = [
  ["contact", contactMessageSchema],
  ["enrolment", enrolmentSchema],
  ["login", loginSchema],
  ["resend", resendSchema],
  ["forgot password", forgotPasswordSchema],
  ["change password", changePasswordSchema],
  ["change e-mail", changeEmailSchema],
  ["subscribe", subscribeSchema],
  ["correction", correctionSchema],
  ["close account", closeAccountSchema],
  ["password link", passwordLinkSchema],
  ["payment", paymentSchema],
  ["record a payment", membershipPaymentSchema],
  ["reject", rejectSchema],
  ["export", exportSchema],
  ["newsletter issue", issueSchema],
  ["newsletter action", issueActionSchema],
];

const errorsFor = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

/** zod's own words, which name no field: "Invalid input: expected string, received undefined". */
const ZOD_WORDS =
  /invalid input|expected (string|number|boolean|object|array)|received (undefined|number|string)|undefined/i;

describe("API errors name the field in plain words", () => {
  it.each(FORM_SCHEMAS)("%s: a missing field", (_name, schema) => {
    const errors = errorsFor(schema, {});
    for (const message of Object.values(errors)) expect(message).not.toMatch(ZOD_WORDS);
  });

  it.each(FORM_SCHEMAS)("%s: a field that is not text", (_name, schema) => {
    const input = Object.fromEntries(
      ["email", "password", "name", "first_name", "message", "date", "from", "to", "issue", "reason"].map(
        (key) => [key, 42],
      ),
    );
    const errors = errorsFor(schema, input);
    for (const [field, message] of Object.entries(errors))
      if (field !== "form") expect(message).not.toMatch(ZOD_WORDS);
  });

  it("says what each missing field of the contact form needs, as the form does", () => {
    expect(errorsFor(contactMessageSchema, {})).toEqual({
      first_name: "Please enter your first name",
      email: "Please enter your e-mail address",
      message: "Please write your message",
    });
  });

  it("names the payment's date and the enrolment's password when they are missing", () => {
    expect(errorsFor(paymentSchema, { amount: "1500", bankReference: "UTR1" }).date).toBe(
      "Enter the date received",
    );
    expect(errorsFor(enrolmentSchema, {}).password).toBe("Your password must have at least 8 characters");
    expect(errorsFor(loginSchema, { email: "a@example.org" }).password).toBe("Please enter your password");
  });

  it("falls back to the field's name in words for a field no rule describes", () => {
    expect(errorsFor(issueActionSchema, {}).issue).toBe("Name the issue to act on");
    expect(errorsFor(exportSchema, {})).toEqual({
      from: "Enter the first day",
      to: "Enter the last day",
    });
  });
});
