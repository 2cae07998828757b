import { escapeHtml } from "#shared/escape-html.ts";
import type { Mail } from "../mail/mail.server.ts";
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

/**
 * The double opt-in e-mail. It carries the unsubscribe link too, and List-Unsubscribe headers so
 * mail programs offer one-click unsubscribe (RFC 8058): they POST to the same address.
 */
export async function confirmationMail(email: string, siteUrl: string, secret: string): Promise<Mail> {
  const confirm = await newsletterLink("confirm", email, siteUrl, secret);
  const unsubscribe = await newsletterLink("unsubscribe", email, siteUrl, secret);
  const lines = [
    "Someone, we hope you, asked for news from the Indian Society of Genetics and Plant Breeding to be sent to this address.",
    "To confirm, open this link within seven days:",
  ];
  const ignore = "If you did not ask for this, ignore this e-mail: nothing will be sent to you.";
  return {
    to: [email],
    subject: "Please confirm your subscription to ISGPB news",
    text: `${lines.join("\n\n")}\n\n${confirm}\n\n${ignore}\n\nTo stop all news e-mails from us: ${unsubscribe}\n`,
    html: `${lines.map((line) => `<p>${line}</p>`).join("")}<p><a href="${escapeHtml(confirm)}">Confirm my subscription</a></p><p>${ignore}</p><p><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
