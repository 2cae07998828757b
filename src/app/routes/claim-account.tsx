import { postToServer } from "#components/forms/client-action.ts";
import { ClaimAccountForm } from "#features/account/claim-account-form.tsx";
import { claimAccountForm } from "#server/account/claim-account-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { routeMeta } from "../page-meta.ts";
import { retryAfterHeaders } from "../retry-after.ts";
import type { Route } from "./+types/claim-account";

/** Per request: the form's refusals, and the one answer after it is sent (`?status=sent`). */
export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("status") === "sent" };
}

export const action = pageForm(claimAccountForm);
/** Too many requests (429) says when to come back. */
export const headers = retryAfterHeaders;
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Get your website account",
    description:
      "Members of the society since before the website: get a link to set the password of your website account.",
    noindex: args.location.search.length > 0,
  });

export default function ClaimAccount({ loaderData: { sent } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Get your website account</h1>
      <p className="prose">
        Every member on the society's register already has an account on this website, with their membership
        on it: there is no need to join again or pay a registration fee. Enter the e-mail address the society
        has for you, and we send that address a link to choose your password.
      </p>
      <ClaimAccountForm sent={sent} />
    </div>
  );
}
