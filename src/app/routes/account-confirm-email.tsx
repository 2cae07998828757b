import type { RouteHandle } from "#app/route-handle.ts";
import { ConfirmEmailChangePage } from "#features/account/confirm-email-change-page.tsx";
import { LINK_REFUSALS } from "#shared/account-recovery.ts";

export const handle: RouteHandle = {
  meta: {
    title: "Confirm your new e-mail address",
    description: "Confirm the new e-mail address of your account with the society.",
    noindex: true,
  },
  // The button pressed without JavaScript comes back to one of these.
  prerender: () =>
    ["changed", ...Object.keys(LINK_REFUSALS)].map((status) => `/account/confirm-email?status=${status}`),
  view: ["status"],
};

export function Component() {
  return (
    <div className="page prose">
      <h1>Confirm your new e-mail address</h1>
      <ConfirmEmailChangePage />
    </div>
  );
}
