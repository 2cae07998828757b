import { CLOSE_ACCOUNT_FORM, CORRECTION_FORM, OWN_DETAILS_FORM as D } from "../forms/own-data-fields.ts";
import { CORRECTION_VALUES, HIDEABLE_VALUES } from "../member-privacy.ts";
import { z } from "../zod.ts";
import { multiLine, oneLine, password, phoneNumber } from "./fields.ts";

/** A set of checkboxes: absent (none ticked), one value, or several; answered as a list without repeats. */
const ticked = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .union([z.enum(values, message), z.array(z.enum(values, message)).max(values.length, message)])
    .optional()
    .transform((value) => [...new Set(value === undefined ? [] : [value].flat())] as T[]);

/** The directory-entry page's privacy form: which contact details to hide (none ticked shows them all). */
export const privacySchema = z.strictObject({
  hide: ticked(HIDEABLE_VALUES, "Choose among e-mail address, mobile number and postal address"),
});

/** The directory-entry page's correction form. */
export const correctionSchema = z.strictObject({
  fields: ticked(CORRECTION_VALUES, "Choose the details from the list").refine(
    (list) => list.length > 0,
    CORRECTION_FORM.fields.required,
  ),
  details: multiLine(CORRECTION_FORM.details),
});
export type Correction = z.infer<typeof correctionSchema>;

/** The my-data page's form that closes the account. */
export const closeAccountSchema = z.strictObject({ password: password(CLOSE_ACCOUNT_FORM.password) });

/**
 * The directory-entry page's 'My details': a member's own position, institution, address and mobile number (a
 * field left out stays as it is; an empty one is cleared), and a new name to ask the secretariat for.
 */
export const ownDetailsSchema = z.strictObject({
  position: oneLine(D.position).optional(),
  institution: oneLine(D.institution).optional(),
  address1: oneLine(D.address1).optional(),
  address2: oneLine(D.address2).optional(),
  city: oneLine(D.city).optional(),
  state: oneLine(D.state).optional(),
  mobile: phoneNumber(D.mobile).optional(),
  name: oneLine(D.name).optional(),
});
export type OwnDetailsInput = z.output<typeof ownDetailsSchema>;
