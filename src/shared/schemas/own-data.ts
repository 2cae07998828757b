import { CLOSE_ACCOUNT_FORM, CORRECTION_FORM } from "../forms/own-data-fields.ts";
import { CORRECTION_VALUES, HIDEABLE_VALUES } from "../member-privacy.ts";
import { z } from "../zod.ts";
import { multiLine, password } from "./fields.ts";

/** A set of checkboxes: absent (none ticked), one value, or several; answered as a list without repeats. */
const ticked = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .union([z.enum(values, message), z.array(z.enum(values, message)).max(values.length, message)])
    .optional()
    .transform((value) => [...new Set(value === undefined ? [] : [value].flat())] as T[]);

/** POST /api/account/directory-privacy: which contact details to hide (none ticked shows them all). */
export const privacySchema = z.strictObject({
  hide: ticked(HIDEABLE_VALUES, "Choose among e-mail address, mobile number and postal address"),
});

/** POST /api/account/directory-correction. */
export const correctionSchema = z.strictObject({
  fields: ticked(CORRECTION_VALUES, "Choose the details from the list").refine(
    (list) => list.length > 0,
    CORRECTION_FORM.fields.required,
  ),
  details: multiLine(CORRECTION_FORM.details),
});
export type Correction = z.infer<typeof correctionSchema>;

/** POST /api/account/close. */
export const closeAccountSchema = z.strictObject({ password: password(CLOSE_ACCOUNT_FORM.password) });
