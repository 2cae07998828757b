import { Link, redirect } from "react-router";
import { AccountView } from "#features/account/account-view.tsx";
import { MembershipPanel } from "#features/account/membership-panel.tsx";
import { OwnDataLinks } from "#features/account/own-data-links.tsx";
import { RollStatus } from "#features/elections/roll-status.tsx";
import { publicAccount } from "#server/account/accounts.server.ts";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { accountElections } from "#server/elections/election-view.server.ts";
import { membershipPanel } from "#server/membership/membership-panel.server.ts";
import { homeOf } from "#server/secretariat/auth.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/account";

/**
 * The signed-in member's own page, rendered for them: their application, membership and what to pay.
 * A secretariat account has no membership to show: its page is the workspace, where signing in
 * lands it too (the header's "Account" link leads here).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  const home = homeOf(account, "/account");
  if (home !== "/account") throw redirect(home, 303);
  return {
    account: publicAccount(account),
    panel: membershipPanel(account),
    // Whether the member is on the roll of each election under way, and why not (issue 59).
    elections: await accountElections(account),
  };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Your Account",
    description:
      "Your application and membership status with the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  });

export default function Account({ loaderData: { account, panel, elections } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Your Account</h1>
      <AccountView account={account} status={panel.statusLine} />
      <p>
        <Link to="/account/settings">Account settings: change your password or e-mail address</Link>
      </p>
      <MembershipPanel panel={panel} />
      <RollStatus elections={elections} />
      <OwnDataLinks />
    </div>
  );
}
