import { NEWSLETTER_OUTCOMES, type NewsletterAction } from "#shared/newsletter.ts";
import { newsletterLinkSchema } from "#shared/schemas/subscribe.ts";
import { signingSecret } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { emailFromLink } from "./newsletter-mails.server.ts";
import { syncSegment } from "./segment.server.ts";
import { changeSubscription } from "./subscribers.server.ts";

/**
 * A confirm or unsubscribe link's button (or a mail program's one-click unsubscribe, RFC 8058):
 * the link's own page, /newsletter/:action, answers it. Opening the link changes nothing (mail scanners open links); only this post does.
 */
export function newsletterLinkForm(action: NewsletterAction): FormSpec<typeof newsletterLinkSchema> {
  return {
    name: `newsletter-${action}`,
    schema: newsletterLinkSchema,
    maxBytes: 4 * 1024,
    unavailable:
      "Nothing was changed: we could not reach our records just now. Please open the link again in a minute.",
    async handle(data, { request }) {
      // A script sends the token in the body; the page's form and mail programs keep it in the URL.
      const token = data.token ?? new URL(request.url).searchParams.get("token");
      const email = await emailFromLink(action, token, signingSecret());
      if (!email)
        return {
          ok: false,
          status: 400,
          error: NEWSLETTER_OUTCOMES.link,
          redirect: "/newsletter?status=link",
        };
      const subscriber = await changeSubscription(
        email,
        action === "confirm" ? "subscribed" : "unsubscribed",
      );
      await syncSegment(subscriber); // a failure is left for the retry job
      const outcome = action === "confirm" ? "confirmed" : "unsubscribed";
      return {
        ok: true,
        redirect: `/newsletter?status=${outcome}`,
      };
    },
  };
}
