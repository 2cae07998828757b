/**
 * Spam checks without a CAPTCHA, for every form: the honeypot must be empty, and the signed form
 * token must show the form was handed out at least MIN_FILL_MS earlier (and at most a day ago).
 * A submission that fails is not refused: the caller quarantines it with the reason and answers
 * exactly as for real mail, so a bot learns nothing and a misjudged person loses nothing.
 */
import { HONEYPOT_FIELD, MIN_FILL_MS, TOKEN_FIELD, withoutGuardFields } from "#shared/form-guard.ts";
import { readToken, signToken } from "../signed-token.server.ts";

const PURPOSE = "form";
export const FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function issueFormToken(secret: string, now = new Date()): Promise<string> {
  return signToken(
    secret,
    PURPOSE,
    // The nonce makes each token unique: two visitors served in the same millisecond must not
    // share one, as a token is good for one submission.
    { issuedAt: now.getTime(), nonce: crypto.randomUUID() },
    new Date(now.getTime() + FORM_TOKEN_LIFETIME_MS),
  );
}

export type Screened = {
  fields: Record<string, unknown>;
  suspicion: string | null;
  /**
   * The form token, when it is genuine and within its day. A page that refuses the post hands it
   * back with the form, so its clock still runs from when the person first opened the form.
   */
  token?: string;
};

export async function screenSubmission(input: unknown, secret: string, now = new Date()): Promise<Screened> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { fields: {}, suspicion: "the body is not a set of fields" };
  const submitted = input as Record<string, unknown>;
  const fields = withoutGuardFields(submitted);
  const token = submitted[TOKEN_FIELD];
  const genuine = typeof token === "string" && (await readToken(secret, PURPOSE, token, now)).ok;
  const suspicion = await suspicionOf(submitted, secret, now);
  return { fields, suspicion, ...(genuine && { token }) };
}

/**
 * The honeypot alone, for a form on every page (the footer's Subscribe box) where a token would
 * cost every page load a request; there, double opt-in does the rest.
 */
export function screenHoneypot(input: unknown): Screened {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { fields: {}, suspicion: "the body is not a set of fields" };
  const submitted = input as Record<string, unknown>;
  return { fields: withoutGuardFields(submitted), suspicion: honeypotSuspicion(submitted) };
}

function honeypotSuspicion(submitted: Record<string, unknown>): string | null {
  const honeypot = submitted[HONEYPOT_FIELD];
  return honeypot !== undefined && honeypot !== ""
    ? `the hidden "${HONEYPOT_FIELD}" field was filled in`
    : null;
}

async function suspicionOf(
  submitted: Record<string, unknown>,
  secret: string,
  now: Date,
): Promise<string | null> {
  const honeypot = honeypotSuspicion(submitted);
  if (honeypot) return honeypot;
  const token = submitted[TOKEN_FIELD];
  if (token === undefined || token === "") return "the form token is missing";
  const check = await readToken<{ issuedAt: number }>(secret, PURPOSE, token, now);
  if (!check.ok)
    return check.reason === "expired"
      ? "the form token has expired (the page was opened more than a day earlier)"
      : `the form token is ${check.reason}`;
  const elapsed = now.getTime() - check.data.issuedAt;
  if (elapsed < MIN_FILL_MS)
    return `sent ${(elapsed / 1000).toFixed(1)} s after the form was opened (under ${MIN_FILL_MS / 1000} s)`;
  return null;
}
