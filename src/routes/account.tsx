import type { RouteHandle } from "#app/route-handle.ts";
import { AccountView } from "#features/members/account-view.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "Your Account",
    description:
      "Your application and membership status with the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  },
};

/**
 * Member-only, on a prerendered site: the page asks the session function who is signed in. It
 * needs JavaScript for that, and says so when it is off (see docs/decisions/0008).
 */
export function Component() {
  return (
    <div className="page">
      <h1>Your Account</h1>
      <AccountView />
    </div>
  );
}
