import { useSearchParams } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { PaymentApproval } from "#features/members/payment-approval-view.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "Confirm a Payment",
    description: "For the secretariat: confirm that an applicant's membership fee has been received.",
    noindex: true,
  },
};

/** For the secretariat, reached from the signed link in an application e-mail; not in any menu. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Confirm a Payment</h1>
      <noscript>
        <p>This page needs JavaScript to load the application. Turn JavaScript on and open the link again.</p>
      </noscript>
      <PaymentApproval token={searchParams.get("token")} />
    </div>
  );
}
