import { postToServer } from "#components/forms/client-action.ts";
import { ResetPasswordPage } from "#features/account/reset-password-page.tsx";
import { checkAccountLink, passwordLinkPurpose } from "#server/account/account-links.server.ts";
import { resetPasswordForm } from "#server/account/reset-password-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { isLinkRefusal, LINK_TOKEN_PATTERN, type LinkRefusalStatus } from "#shared/account-recovery.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/reset-password";

/**
 * Where the link of a reset e-mail leads (`?token=`): whether the link still works is known when
 * the page opens (checking spends nothing; only the form's post does), so a dead link says so at
 * once and offers a fresh one, with or without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const returned = search.get("status");
  if (isLinkRefusal(returned)) return { token: null, refusal: returned };
  const token = search.get("token") ?? "";
  if (!LINK_TOKEN_PATTERN.test(token)) return { token: null, refusal: "invalid" as LinkRefusalStatus };
  const check = await checkAccountLink(token, passwordLinkPurpose(token));
  return check.ok ? { token, refusal: null } : { token: null, refusal: check.reason };
}

export const action = pageForm(resetPasswordForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Choose a new password",
    description: "Choose a new password for your account with the society.",
    noindex: true,
  });

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Choose a new password</h1>
      <ResetPasswordPage {...loaderData} />
    </div>
  );
}
