import { postToServer } from "#components/forms/client-action.ts";
import { ConfirmEmailChangePage } from "#features/account/confirm-email-change-page.tsx";
import { confirmEmailChangeForm } from "#server/account/settings-forms.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { isLinkRefusal, LINK_TOKEN_PATTERN, type LinkRefusalStatus } from "#shared/account-recovery.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/account-confirm-email";

/** Where the link sent to a new address leads (`?token=`), and where its button comes back to. */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const status = search.get("status");
  const token = search.get("token") ?? "";
  return {
    outcome: status === "changed" || isLinkRefusal(status) ? (status as "changed" | LinkRefusalStatus) : null,
    token: LINK_TOKEN_PATTERN.test(token) ? token : null,
  };
}

export const action = pageForm(confirmEmailChangeForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm your new e-mail address",
    description: "Confirm the new e-mail address of your account with the society.",
    noindex: true,
  });

export default function AccountConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page prose">
      <h1>Confirm your new e-mail address</h1>
      <ConfirmEmailChangePage {...loaderData} />
    </div>
  );
}
