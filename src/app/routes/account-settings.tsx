import { Link } from "react-router";
import { postToServer } from "#components/forms/client-action.ts";
import { AccountSettings } from "#features/account/account-settings.tsx";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { changeEmailForm, changePasswordForm } from "#server/account/settings-forms.server.ts";
import { formIntent } from "#server/forms/form-intent.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { routeMeta } from "../page-meta.ts";
import { retryAfterHeaders } from "../retry-after.ts";
import type { Route } from "./+types/account-settings";

export async function loader({ request, url }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  return {
    email: account.email,
    returned: new URL(request.url).searchParams.get("status"),
    // A secretariat account keeps its listed address (the action refuses a change too).
    addressFixed: account.role === "secretariat",
  };
}

const password = pageForm(changePasswordForm);
const email = pageForm(changeEmailForm);

/** The page's two forms, by their intent. */
export async function action(args: Route.ActionArgs) {
  return (await formIntent(args.request)) === "change-email" ? email(args) : password(args);
}

/** A throttled request (429) says when to come back. */
export const headers = retryAfterHeaders;
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Account settings",
    description: "Change the password or e-mail address of your account with the society.",
    noindex: true,
  });

export default function AccountSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Account settings</h1>
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
      <AccountSettings {...loaderData} />
    </div>
  );
}
