/**
 * The payment page (/pay, decision 0052) as its loader gives it: everything worded on the server,
 * the page only lays it out and, with a script, opens Razorpay's checkout.
 */

/** Why "Pay online" led to no order, or a checkout result was not taken. */
export type PayProblem =
  | "not-due"
  | "to-be-announced"
  | "late"
  | "unavailable"
  | "unverified"
  | "unknown-order";

export const PAY_PROBLEMS: Record<PayProblem, string> = {
  "not-due":
    "This payment is not due now: it may have been paid already. Your account page shows what is due, if anything.",
  "to-be-announced":
    "The fee for this payment has not been announced yet, so it cannot be paid online. Once the society announces it, this page will take it; until then you may pay by bank transfer or UPI, quoting the reference.",
  late: "This instalment is late, and the secretariat accepts a late instalment with its reason: please pay it by bank transfer or UPI, quoting the reference.",
  unavailable:
    "We could not reach Razorpay, the payment service, just now. Nothing was charged. Please try again in a minute, or pay by bank transfer or UPI, quoting the reference.",
  unverified:
    "We could not verify that payment result, so nothing was recorded from it. If money was taken, Razorpay confirms the payment to the society directly and it is recorded then.",
  "unknown-order": "We have no record of that payment. Your account page shows what is due, if anything.",
};

/** Where a payment stands, as its page says it. */
export type PayState = "ready" | "confirming" | "stalled" | "paid" | "failed" | "cancelled";

export type PayPageData =
  | { view: "problem"; problem: PayProblem; message: string }
  | {
      view: "order";
      order: { id: string; reference: string; title: string; amount: string };
      state: PayState;
      /** What Razorpay's hosted page (no script) and Standard Checkout (a script) are given; null once paid. */
      checkout: {
        url: string;
        scriptUrl: string;
        keyId: string;
        name: string;
        description: string;
        callbackUrl: string;
        cancelUrl: string;
        failedUrl: string;
      } | null;
    };

/** Where the checkout's result is posted: the payment page's own action. */
export const CHECKOUT_RETURN_PATH = "/pay?return=checkout";
