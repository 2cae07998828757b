import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { PaymentApproval } from "#features/account/payment-approval-view.tsx";
import { APPROVAL_OUTCOMES } from "#shared/account.ts";

export const handle: RouteHandle = {
  meta: {
    title: "Confirm a Payment",
    description: "For the secretariat: confirm that an applicant's membership fee has been received.",
    noindex: true,
  },
  // The page's buttons, pressed without JavaScript, come back to one of these.
  prerender: () => Object.keys(APPROVAL_OUTCOMES).map((status) => `/approve-payment?status=${status}`),
  view: ["status"],
};

/** For the secretariat, reached from the signed link in an application e-mail; not in any menu. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Confirm a Payment</h1>
      <PaymentApproval
        token={searchParams.get("token")}
        returned={searchParams.get("status")}
        returnedId={searchParams.get("id")}
      />
    </div>
  );
}
