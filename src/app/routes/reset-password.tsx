import type { RouteHandle } from "#app/route-handle.ts";
import { ResetPasswordPage } from "#features/account/reset-password-page.tsx";
import { LINK_REFUSALS } from "#shared/account-recovery.ts";

export const handle: RouteHandle = {
  meta: {
    title: "Choose a new password",
    description: "Choose a new password for your account with the society.",
    noindex: true,
  },
  // A link that no longer works, posted without JavaScript, comes back to one of these.
  prerender: () => Object.keys(LINK_REFUSALS).map((status) => `/reset-password?status=${status}`),
  view: ["status"],
};

export function Component() {
  return (
    <div className="page">
      <h1>Choose a new password</h1>
      <ResetPasswordPage />
    </div>
  );
}
