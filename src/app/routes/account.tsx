import { Link, useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { AccountView } from "#features/account/account-view.tsx";
import { MembershipPanel } from "#features/account/membership-panel.tsx";
import { OwnDataLinks } from "#features/account/own-data-links.tsx";
import { ACCOUNT_STATUSES } from "#shared/account.ts";

export const handle: RouteHandle = {
  meta: {
    title: "Your Account",
    description:
      "Your application and membership status with the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  },
  // Signing in, or asking for the status, without JavaScript comes back to one of these.
  prerender: () => ACCOUNT_STATUSES.map((status) => `/account?status=${status}`),
  view: ["status"],
};

/**
 * Member-only, on a prerendered site: with JavaScript the page asks the session function who is
 * signed in; without, the server's redirect puts the status in the URL (docs/decisions/0010).
 */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Your Account</h1>
      <AccountView returned={searchParams.get("status")} returnedId={searchParams.get("id")} />
      <p>
        <Link to="/account/settings">Account settings: change your password or e-mail address</Link>
      </p>
      <MembershipPanel />
      <OwnDataLinks />
    </div>
  );
}
