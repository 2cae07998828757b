import type { Mail } from "../mail/mail.server.ts";
import { newsletterConfirm } from "../mail/templates/newsletter-confirm.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";
import { readToken, signToken } from "../signed-token.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirm link is good for a week; an unsubscribe link for as long as anyone keeps the e-mail. */
const LIFETIME_MS = { confirm: 7 * DAY_MS, unsubscribe: 5 * 365 * DAY_MS };

const purposeOf = (action: "confirm" | "unsubscribe") => `newsletter-${action}`;

export async function newsletterLink(
  action: "confirm" | "unsubscribe",
  email: string,
  siteUrl: string,
  secret: string,
  now = new Date(),
): Promise<string> {
  const token = await signToken(
    secret,
    purposeOf(action),
    { email },
    new Date(now.getTime() + LIFETIME_MS[action]),
  );
  const link = new URL(`/newsletter/${action}`, siteUrl);
  link.searchParams.set("token", token);
  return link.href;
}

/** The address a link was made for, or null when it is forged, mangled or expired. */
export async function emailFromLink(
  action: "confirm" | "unsubscribe",
  token: unknown,
  secret: string,
): Promise<string | null> {
  const check = await readToken<{ email?: unknown }>(secret, purposeOf(action), token);
  return check.ok && typeof check.data.email === "string" ? check.data.email : null;
}

/** The List-Unsubscribe headers (RFC 8058): mail programs offer one-click unsubscribe, a POST to the link. */
export const unsubscribeHeaders = (unsubscribe: string): Record<string, string> => ({
  "List-Unsubscribe": `<${unsubscribe}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/**
 * The double opt-in e-mail. It carries the unsubscribe link too, and List-Unsubscribe headers so
 * mail programs offer one-click unsubscribe: they POST to the same address.
 */
export async function confirmationMail(email: string, siteUrl: string, secret: string): Promise<Mail> {
  const confirmUrl = await newsletterLink("confirm", email, siteUrl, secret);
  const unsubscribeUrl = await newsletterLink("unsubscribe", email, siteUrl, secret);
  return composeMail(
    newsletterConfirm,
    { confirmUrl, unsubscribeUrl },
    { to: [email], headers: unsubscribeHeaders(unsubscribeUrl) },
  );
}
