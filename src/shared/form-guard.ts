/**
 * The hidden fields of every protected form, shared by the page and the functions. The checks
 * themselves are in src/server/spam/form-guard.server.ts.
 */

/** A field people never see or fill; browsers do not autofill a "reference", bots fill anything. */
export const HONEYPOT_FIELD = "reference";
/** The signed time the form was handed out: rendered into the form by its page's loader. */
export const TOKEN_FIELD = "form_token";
/** A person takes longer than this to fill in a form; a script posting at once does not. */
export const MIN_FILL_MS = 3000;

/**
 * Which of a page's forms a post is, when the page has several posting to its one action (read by
 * src/server/forms/form-intent.server.ts); no form's own field.
 */
export const INTENT_FIELD = "intent";

/** A protected form's fields without the guard's own, for the form's schema. */
export function withoutGuardFields(input: Record<string, unknown>): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _honeypot, [TOKEN_FIELD]: _token, ...fields } = input;
  return fields;
}

/**
 * The fields a form's schema reads: without the page's intent, and without the guard's fields
 * where the form has a guard (a form without one may have a field of the honeypot's name, such as
 * a payment's reference).
 */
export function formFieldsOf(input: Record<string, unknown>, guarded: boolean): Record<string, unknown> {
  const { [INTENT_FIELD]: _intent, ...fields } = input;
  return guarded ? withoutGuardFields(fields) : fields;
}
