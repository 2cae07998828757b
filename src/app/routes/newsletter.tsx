import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { isNewsletterOutcome, NEWSLETTER_OUTCOMES } from "#shared/newsletter.ts";

export const handle: RouteHandle = {
  meta: ({ search }) => ({
    title: "Newsletter",
    description: "News from the society by e-mail: how to subscribe, confirm and unsubscribe.",
    noindex: search.has("status"),
  }),
  // The Subscribe box and the e-mailed links, used without JavaScript, come back to one of these.
  prerender: () => Object.keys(NEWSLETTER_OUTCOMES).map((status) => `/newsletter?status=${status}`),
  view: ["status"],
};

export function Component() {
  const status = useSearchParams()[0].get("status");
  const outcome = isNewsletterOutcome(status) ? status : null;
  const failed = outcome === "invalid" || outcome === "link";
  return (
    <div className="page prose">
      <h1>Newsletter</h1>
      {outcome && (
        <p role="status" className={failed ? "error-text" : "card"}>
          {NEWSLETTER_OUTCOMES[outcome]}
        </p>
      )}
      <p>
        A few times a year the society e-mails its members and friends about the national congress, calls for
        award nominations, new issues of the journal and other news of genetics and plant breeding in India.
      </p>
      <p>
        To subscribe, enter your e-mail address in the Subscribe box at the foot of any page. We then send you
        a link to confirm that the address is yours; nothing else is sent until you do. Every e-mail from us
        carries a link to unsubscribe.
      </p>
      <p>
        <a href="#subscribe">Go to the Subscribe box</a>
      </p>
    </div>
  );
}
