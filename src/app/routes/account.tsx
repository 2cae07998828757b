import { Link, redirect, useLocation } from "react-router";
import { AccountView } from "#features/account/account-view.tsx";
import { MembershipPanel } from "#features/account/membership-panel.tsx";
import { OwnDataLinks } from "#features/account/own-data-links.tsx";
import { ReceiptsList } from "#features/account/receipts-list.tsx";
import { RollStatus } from "#features/elections/roll-status.tsx";
import { publicAccount } from "#server/account/accounts.server.ts";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { accountElections } from "#server/elections/election-view.server.ts";
import { membershipPanel } from "#server/membership/membership-panel.server.ts";
import { registerFactsOf } from "#server/membership/register-match.server.ts";
import { accountReceipts } from "#server/receipts/receipts.server.ts";
import { homeOf } from "#server/secretariat/auth.server.ts";
import { CLAIM_DONE } from "#shared/account-claim.ts";
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
  const [register, receipts, elections] = await Promise.all([
    registerFactsOf(account.key),
    accountReceipts(account.key),
    accountElections(account),
  ]);
  const panel = membershipPanel(account);
  // A member on the society's register is known by the register's number, whatever the calendar's
  // own numbering would give (decision 0054).
  return {
    account: publicAccount(account),
    panel: register ? { ...panel, memberNumber: register.memberNo } : panel,
    register,
    receipts,
    // Whether the member is on the roll of each election under way, and why not (issue 59).
    elections,
  };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Your Account",
    description:
      "Your application and membership status with the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  });

export default function Account({
  loaderData: { account, panel, register, receipts, elections },
}: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Your Account</h1>
      {new URLSearchParams(useLocation().search).get("status") === "claimed" && (
        <p role="status" className="prose">
          {CLAIM_DONE}
        </p>
      )}
      <AccountView account={account} status={panel.statusLine} register={register} />
      <p>
        <Link to="/account/settings">Account settings: change your password or e-mail address</Link>
      </p>
      <MembershipPanel panel={panel} />
      <RollStatus elections={elections} />
      <ReceiptsList receipts={receipts} />
      <OwnDataLinks />
    </div>
  );
}
