import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { PayPageData } from "#shared/api/online-payment.ts";
import { CHECKOUT_RETURN_PATH } from "#shared/api/online-payment.ts";
import { openCheckout } from "./checkout.ts";

/** Seconds between looks while Razorpay's confirmation is awaited (the page's refresh without a script). */
const CONFIRMING_REFRESH_SECONDS = 5;

/**
 * The payment page: one payment due, its amount and reference, and one button. Without a script
 * the button posts to Razorpay's hosted checkout; with one, a press loads Razorpay's Standard
 * Checkout (its script fetched only then) and its result is posted back here.
 */
export function PayPage({ page }: { page: PayPageData }) {
  if (page.view === "problem")
    return (
      <>
        <h1>Pay online</h1>
        <p role="alert" data-pay-problem={page.problem}>
          {page.message}
        </p>
        <p>
          <Link to="/account">Go to your account</Link>
        </p>
      </>
    );
  const { order, state, checkout } = page;
  return (
    <>
      <h1>Pay online</h1>
      <dl>
        <div>
          <dt>For</dt>
          <dd>{order.title}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd data-payment-amount="">{order.amount}</dd>
        </div>
        <div>
          <dt>Payment reference</dt>
          <dd data-payment-reference="">{order.reference}</dd>
        </div>
      </dl>
      <StateNote state={state} />
      {checkout && <CheckoutButton order={order} checkout={checkout} retry={state !== "ready"} />}
      <p>
        <Link to="/account">Your account</Link> shows every payment received and what is due.
      </p>
    </>
  );
}

function StateNote({ state }: { state: Extract<PayPageData, { view: "order" }>["state"] }) {
  const revalidator = useRevalidator();
  const confirming = state === "confirming";
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => void revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);
  switch (state) {
    case "paid":
      return (
        <p role="status" data-pay-state="paid">
          Payment received, thank you. The society has recorded it and sent you an e-mail.
        </p>
      );
    case "confirming":
      return (
        <>
          {/* Without a script the page looks again by itself; with one it asks every few seconds. */}
          <meta httpEquiv="refresh" content={String(CONFIRMING_REFRESH_SECONDS)} />
          <p role="status" data-pay-state="confirming">
            Payment received, confirming with Razorpay. This page updates by itself in a moment.
          </p>
        </>
      );
    case "stalled":
      return (
        <p role="status" data-pay-state="stalled">
          Razorpay has not confirmed this payment yet. If money was taken from your account, the society
          records the payment as soon as Razorpay confirms it; there is no need to pay again. If nothing was
          taken, try again below.
        </p>
      );
    case "failed":
      return (
        <p role="alert" data-pay-state="failed">
          The payment did not go through, and nothing was recorded. The payment is still due: try again, or
          pay by bank transfer or UPI quoting the reference.
        </p>
      );
    case "cancelled":
      return (
        <p role="status" data-pay-state="cancelled">
          The payment was not completed. It is still due: try again when you are ready.
        </p>
      );
    default:
      return <p>You pay on Razorpay's secure page, by card, UPI or net banking.</p>;
  }
}

type Checkout = NonNullable<Extract<PayPageData, { view: "order" }>["checkout"]>;

/**
 * The button: a plain form to Razorpay's hosted checkout, which a script replaces by Standard
 * Checkout on the press (loading its script then, so no page carries it before).
 */
function CheckoutButton({
  order,
  checkout,
  retry,
}: {
  order: { id: string; amount: string };
  checkout: Checkout;
  retry: boolean;
}) {
  const hosted = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLFormElement>(null);
  const [opening, setOpening] = useState(false);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpening(true);
    openCheckout(checkout, order.id, {
      paid: (fields) => {
        const form = result.current;
        if (!form) return;
        for (const [name, value] of Object.entries(fields)) {
          const input = form.elements.namedItem(name);
          if (input instanceof HTMLInputElement) input.value = value;
        }
        form.submit();
      },
      closed: (failed) => {
        setOpening(false);
        window.location.assign(failed ? checkout.failedUrl : checkout.cancelUrl);
      },
      // No script from Razorpay (blocked, offline): the hosted page instead.
      unavailable: () => hosted.current?.submit(),
    });
  };
  return (
    <>
      <form ref={hosted} method="post" action={checkout.url} onSubmit={onSubmit}>
        <input type="hidden" name="key_id" value={checkout.keyId} />
        <input type="hidden" name="order_id" value={order.id} />
        <input type="hidden" name="name" value={checkout.name} />
        <input type="hidden" name="description" value={checkout.description} />
        <input type="hidden" name="callback_url" value={checkout.callbackUrl} />
        <input type="hidden" name="cancel_url" value={checkout.cancelUrl} />
        <button type="submit" className="button" disabled={opening} data-pay-button="">
          {retry ? `Try again: pay ${order.amount}` : `Pay ${order.amount}`}
        </button>
      </form>
      <form ref={result} method="post" action={CHECKOUT_RETURN_PATH} hidden>
        <input type="hidden" name="razorpay_payment_id" defaultValue="" />
        <input type="hidden" name="razorpay_order_id" defaultValue="" />
        <input type="hidden" name="razorpay_signature" defaultValue="" />
      </form>
    </>
  );
}
