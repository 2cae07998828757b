import { postToServer } from "#components/forms/client-action.ts";
import { MyDataView } from "#features/account/my-data-view.tsx";
import { closeAccountForm } from "#server/account/close-account-form.server.ts";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { routeMeta } from "../page-meta.ts";
import { retryAfterHeaders } from "../retry-after.ts";
import type { Route } from "./+types/account-my-data";

export async function loader({ request, url }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  // A secretariat account is not closed here (the action refuses it too): the page says why.
  return { closable: account.role !== "secretariat" };
}

export const action = pageForm(closeAccountForm);
/** A throttled sign-in or request (429) says when to come back. */
export const headers = retryAfterHeaders;
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "My Data",
    description: "Download everything the website holds about you, or close your account.",
    noindex: true,
  });

export default function AccountMyData({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>My Data</h1>
      <MyDataView closable={loaderData.closable} />
    </div>
  );
}
