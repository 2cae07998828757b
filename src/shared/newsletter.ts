/** What the newsletter's pages and functions say, shared so both say it the same way. */

export const NEWSLETTER_ACTIONS = ["confirm", "unsubscribe"] as const;
export type NewsletterAction = (typeof NEWSLETTER_ACTIONS)[number];

export const isNewsletterAction = (value: unknown): value is NewsletterAction =>
  NEWSLETTER_ACTIONS.includes(value as NewsletterAction);

/** The outcome of each step, by the `?status=` the no-JavaScript post comes back to. */
export const NEWSLETTER_OUTCOMES = {
  pending: "Almost done: we have sent you an e-mail. Open the link in it to confirm your subscription.",
  invalid: "Please enter a valid e-mail address.",
  confirmed: "Thank you: your subscription is confirmed. News from the society will reach your inbox.",
  unsubscribed: "You have been unsubscribed and will receive no more news e-mails from us.",
  link: "This link has expired or is not valid. You can subscribe again below.",
} as const;
export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

export const isNewsletterOutcome = (value: unknown): value is NewsletterOutcome =>
  typeof value === "string" && Object.hasOwn(NEWSLETTER_OUTCOMES, value);
