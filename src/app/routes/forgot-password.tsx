import { postToServer } from "#components/forms/client-action.ts";
import { ForgotPasswordForm } from "#features/account/forgot-password-form.tsx";
import { forgotPasswordForm } from "#server/account/forgot-password-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { routeMeta } from "../page-meta.ts";
import { retryAfterHeaders } from "../retry-after.ts";
import type { Route } from "./+types/forgot-password";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("status") === "sent" };
}

export const action = pageForm(forgotPasswordForm);
/** A throttled sign-in or request (429) says when to come back. */
export const headers = retryAfterHeaders;
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Forgot password",
    description: "Get a link to choose a new password for your account with the society.",
    noindex: args.location.search.length > 0,
  });

export default function ForgotPassword({ loaderData: { sent } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Forgot password</h1>
      <p className="prose">
        Enter the e-mail address you sign in with. If it has an account, we send it a link to choose a new
        password.
      </p>
      <ForgotPasswordForm sent={sent} />
    </div>
  );
}
