import { Link, useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { AccountSettings } from "#features/account/account-settings.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "Account settings",
    description: "Change the password or e-mail address of your account with the society.",
    noindex: true,
  },
  // The forms sent without JavaScript come back to one of these.
  prerender: () => ["/account/settings?status=password-changed", "/account/settings?status=email-sent"],
  view: ["status"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Account settings</h1>
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
      <AccountSettings returned={searchParams.get("status")} />
    </div>
  );
}
