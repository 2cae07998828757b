import { postToServer } from "#components/forms/client-action.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { subscribeForm } from "#server/newsletter/subscribe-form.server.ts";
import { isNewsletterOutcome, NEWSLETTER_OUTCOMES } from "#shared/newsletter.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/newsletter";

/** The Subscribe box and the e-mailed links come back here with their outcome (?status=). */
export function loader({ request }: Route.LoaderArgs) {
  const status = new URL(request.url).searchParams.get("status");
  return { outcome: isNewsletterOutcome(status) ? status : null };
}

// The footer's box on every page posts here: with JavaScript the reader stays where they are.
export const action = pageForm(subscribeForm, { stays: true });
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Newsletter",
    description: "News from the society by e-mail: how to subscribe, confirm and unsubscribe.",
    noindex: args.location.search.includes("status="),
  });

export default function Newsletter({ loaderData: { outcome } }: Route.ComponentProps) {
  const failed = outcome === "invalid" || outcome === "link";
  return (
    <div className="page prose">
      <h1>Newsletter</h1>
      {outcome && (
        <p role="status" className={failed ? "error-text" : "card notice"}>
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
