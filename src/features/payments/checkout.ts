/**
 * Razorpay's Standard Checkout in the browser: its script is added to the page on the first press
 * only, and given the key id and the order id; the amount and what it pays for are the order's,
 * made on the server. Its result goes to the server, which trusts only Razorpay's signature in it.
 */
type CheckoutResult = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

type RazorpayInstance = {
  open(): void;
  on(event: "payment.failed", listener: () => void): void;
};
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

function loadScript(url: string): Promise<RazorpayConstructor> {
  const existing = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("Razorpay's checkout did not start"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Razorpay's checkout could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

export function openCheckout(
  checkout: { scriptUrl: string; keyId: string; name: string; description: string },
  orderId: string,
  on: {
    paid: (result: CheckoutResult) => void;
    closed: (failed: boolean) => void;
    unavailable: () => void;
  },
): void {
  loadScript(checkout.scriptUrl).then(
    (Razorpay) => {
      let failed = false;
      const instance = new Razorpay({
        key: checkout.keyId,
        order_id: orderId,
        name: checkout.name,
        description: checkout.description,
        handler: (result: CheckoutResult) => on.paid(result),
        modal: { ondismiss: () => on.closed(failed) },
      });
      // A failed attempt: Razorpay's window offers another; closing it then says it failed.
      instance.on("payment.failed", () => {
        failed = true;
      });
      instance.open();
    },
    () => on.unavailable(),
  );
}
