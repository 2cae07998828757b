import { postToServer } from "#components/forms/client-action.ts";
import { VerifyEmailPage } from "#features/account/verify-email-page.tsx";
import { formIntent } from "#server/forms/form-intent.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { confirmEmailForm, resendLinkForm } from "#server/membership/verify-email-forms.server.ts";
import { isVerifyStatus } from "#shared/account.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/verify-email";

/**
 * Where the confirmation link leads (`?token=`), and where its button comes back to (`?status=`).
 * Without either, the address was cut short or typed by hand: no button that could only fail.
 */
export function loader({ url }: Route.LoaderArgs) {
  const status = url.searchParams.get("status");
  if (isVerifyStatus(status)) return { outcome: status };
  return { outcome: url.searchParams.get("token") ? null : ("invalid" as const) };
}

const confirm = pageForm(confirmEmailForm);
const resend = pageForm(resendLinkForm);

/** The link's button, or 'Send me a fresh link' (also on the login page), by the form's intent. */
export async function action(args: Route.ActionArgs) {
  return (await formIntent(args.request)) === "resend" ? resend(args) : confirm(args);
}
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your account with the society.",
    noindex: true,
  });

export default function VerifyEmail({ loaderData: { outcome } }: Route.ComponentProps) {
  return <VerifyEmailPage outcome={outcome} />;
}
