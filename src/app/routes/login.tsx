import { postToServer } from "#components/forms/client-action.ts";
import { LoginForm, SignedInNotice } from "#features/account/login-form.tsx";
import { loginForm, loginNotice } from "#server/account/login-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { RETURN_FIELD, safeReturnPath } from "#shared/return-path.ts";
import { routeMeta } from "../page-meta.ts";
import { retryAfterHeaders } from "../retry-after.ts";
import type { Route } from "./+types/login";

/**
 * Per request: where signing in leads (`?next=`, a path on this site), and what the page says about
 * why it was sent here (`?status=`), with the offer of a fresh link to an unconfirmed address.
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = search.get("status");
  return {
    next: safeReturnPath(search.get(RETURN_FIELD)),
    notice: loginNotice(status),
    offerFreshLink: status === "unverified",
  };
}

export const action = pageForm(loginForm);
/** A throttled sign-in or request (429) says when to come back. */
export const headers = retryAfterHeaders;
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Login",
    description: "Sign in to your account with the Indian Society of Genetics and Plant Breeding.",
    noindex: args.location.search.length > 0,
  });

export default function Login({ loaderData: { next, notice, offerFreshLink } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Login</h1>
      <p className="prose">
        Members, authors and reviewers sign in here to see their application and membership.
      </p>
      <SignedInNotice />
      <LoginForm notice={notice} offerFreshLink={offerFreshLink} next={next} />
    </div>
  );
}
