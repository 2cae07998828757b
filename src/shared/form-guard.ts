/**
 * The hidden fields of every protected form, shared by the page and the functions. The checks
 * themselves are in src/server/spam/form-guard.server.ts.
 */

/** A field people never see or fill; browsers do not autofill a "reference", bots fill anything. */
export const HONEYPOT_FIELD = "reference";
/** The signed time the form was handed out, stamped by an edge function or fetched by the page. */
export const TOKEN_FIELD = "form_token";
/** A person takes longer than this to fill in a form; a script posting at once does not. */
export const MIN_FILL_MS = 3000;

/**
 * Which of a page's forms a post is, when the page has several posting to its one action (read by
 * src/server/forms/form-intent.server.ts); no form's own field.
 */
export const INTENT_FIELD = "intent";

/** The submitted fields without the guard's own (and the page's intent), for the form's schema. */
export function withoutGuardFields(input: Record<string, unknown>): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _honeypot, [TOKEN_FIELD]: _token, [INTENT_FIELD]: _intent, ...fields } = input;
  return fields;
}
