import { upiLink } from "#shared/membership/reference.ts";
import type { MembershipState, NextPayment } from "#shared/membership/status.ts";
import { membershipContent } from "./membership-content.server.ts";
import { paymentQr, type QrCode } from "./payment-qr.server.ts";

/** The next payment with everything needed to make it: a title, the UPI link and its QR code. */
export type PaymentDue = NextPayment & { title: string; upiLink: string; qr: QrCode };

const TITLES: Record<NextPayment["kind"], (next: NextPayment) => string> = {
  application: () => "Your application's fee",
  renewal: (next) => `Your subscription for ${next.period}`,
  instalment: (next) => `The rest of your life membership fee (instalment ${next.period.slice(1)})`,
  rejoin: (next) => `To join again: the registration fee and the subscription for ${next.period}`,
};

/** The next payment of an account in `state`, or null when nothing is to be paid. */
export function paymentDue(state: MembershipState): PaymentDue | null {
  const next = state.next;
  if (!next) return null;
  const link = upiLink(
    membershipContent().upi,
    typeof next.amount === "number" ? next.amount : null,
    next.reference,
  );
  return {
    ...next,
    title: TITLES[next.kind](next),
    upiLink: link,
    qr: paymentQr(link),
  };
}
