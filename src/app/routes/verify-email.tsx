import type { RouteHandle } from "#app/route-handle.ts";
import { VerifyEmailPage } from "#features/account/verify-email-page.tsx";
import { VERIFY_OUTCOMES } from "#shared/account.ts";

export const handle: RouteHandle = {
  meta: {
    title: "Confirm your e-mail address",
    description: "Confirm the e-mail address of your account with the society.",
    noindex: true,
  },
  // The page's forms, sent without JavaScript, come back to one of these.
  prerender: () => Object.keys(VERIFY_OUTCOMES).map((status) => `/verify-email?status=${status}`),
  view: ["status"],
};

export function Component() {
  return <VerifyEmailPage />;
}
