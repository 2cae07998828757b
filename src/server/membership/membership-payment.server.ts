import { upiLink } from "#shared/membership/reference.ts";
import type { MembershipState, NextPayment } from "#shared/membership/status.ts";
import { membershipContent } from "./membership-content.server.ts";

/**
 * The next payment with everything needed to make it: a title and the UPI link. Its QR code is
 * drawn where a page shows it (membership-panel.server.ts): no mail carries one, and encoding one
 * is most of the cost of a reminder (5,000 of them in one run).
 */
export type PaymentDue = NextPayment & { title: string; upiLink: string };

const TITLES: Record<NextPayment["kind"], (next: NextPayment) => string> = {
  application: () => "Your application's fee",
  renewal: (next) => `Your subscription for ${next.period}`,
  instalment: (next) => `The rest of your life membership fee (instalment ${next.period.slice(1)})`,
  // A member from the register rejoins without a registration fee (status.ts's yearPayment).
  rejoin: (next) =>
    next.items.length > 1
      ? `To join again: the registration fee and the subscription for ${next.period}`
      : `To join again: the subscription for ${next.period}`,
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
  };
}
