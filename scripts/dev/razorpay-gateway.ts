/**
 * `npm start`'s stand-in for Razorpay (decision 0052), for trying "Pay online" on a machine with no
 * Razorpay account: `RAZORPAY_LOCAL_GATEWAY=1 npm start`. It serves, under /__razorpay on the
 * development server itself, what the site asks of Razorpay (the Orders and Payments calls, with
 * Razorpay's documented shapes), a hosted checkout page (no script), and a checkout.js whose
 * window has the same two buttons. "Pay" makes a captured payment, signs the result with the key
 * secret for the browser's return, and a second later posts the `payment.captured` webhook, signed
 * with the webhook secret, to the site's /api/razorpay-webhook, as Razorpay would. It sets test
 * keys when none are set. A Vite plugin applied to `serve` only, and the site reads the gateway's
 * address only in development (razorpay.server.ts): nothing of it reaches a build.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";

const BASE = "/__razorpay";
const TEST_KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_LocalGateway01",
  RAZORPAY_KEY_SECRET: "local_gateway_key_secret",
  RAZORPAY_WEBHOOK_SECRET: "local_gateway_webhook_secret",
};

type Order = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
  created_at: number;
};
type Payment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed";
  order_id: string;
  method: string;
  captured: boolean;
  email: string;
  created_at: number;
};

const id14 = () => randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14);
const now = () => Math.floor(Date.now() / 1000);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function razorpayGateway(): Plugin {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  return {
    name: "isgpb:razorpay-gateway",
    apply: "serve",
    configureServer(server) {
      if (!process.env.RAZORPAY_LOCAL_GATEWAY) return;
      for (const [name, value] of Object.entries(TEST_KEYS)) process.env[name] ||= value;
      const port = server.config.server.port ?? 5173;
      const origin = `http://localhost:${port}`;
      process.env.RAZORPAY_API_URL = `${origin}${BASE}`;
      server.config.logger.info(`  Razorpay: the local test gateway at ${origin}${BASE} (not Razorpay)`);
      const secret = (name: keyof typeof TEST_KEYS) => process.env[name] ?? TEST_KEYS[name];

      /** A payment of the order, captured or failed, and what the checkout hands back for it. */
      function pay(orderId: string, succeeds: boolean, siteOrigin: string) {
        const order = orders.get(orderId);
        if (!order) return null;
        const payment: Payment = {
          id: `pay_${id14()}`,
          entity: "payment",
          amount: order.amount,
          currency: order.currency,
          status: succeeds ? "captured" : "failed",
          order_id: orderId,
          method: "upi",
          captured: succeeds,
          email: "member@example.org",
          created_at: now(),
        };
        payments.set(payment.id, payment);
        if (succeeds) order.status = "paid";
        // Razorpay's webhook follows the browser's return, a moment later.
        setTimeout(() => void sendWebhook(siteOrigin, payment), 1000);
        const signature = createHmac("sha256", secret("RAZORPAY_KEY_SECRET"))
          .update(`${orderId}|${payment.id}`)
          .digest("hex");
        return succeeds
          ? { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signature }
          : {
              "error[code]": "BAD_REQUEST_ERROR",
              "error[description]": "Payment failed at the local test gateway",
              "error[metadata]": JSON.stringify({ payment_id: payment.id, order_id: orderId }),
            };
      }

      async function sendWebhook(siteOrigin: string, payment: Payment) {
        const event = payment.status === "captured" ? "payment.captured" : "payment.failed";
        const body = JSON.stringify({
          entity: "event",
          account_id: "acc_LocalGateway01",
          event,
          contains: ["payment"],
          payload: { payment: { entity: payment } },
          created_at: now(),
        });
        const signature = createHmac("sha256", secret("RAZORPAY_WEBHOOK_SECRET")).update(body).digest("hex");
        try {
          const answer = await fetch(`${siteOrigin}/api/razorpay-webhook`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-razorpay-signature": signature,
              "x-razorpay-event-id": `evt_${id14()}`,
            },
            body,
          });
          server.config.logger.info(
            `  Razorpay gateway: ${event} webhook for ${payment.id}: ${answer.status} ${await answer.text()}`,
          );
        } catch (error) {
          server.config.logger.warn(`  Razorpay gateway: the webhook could not be posted: ${String(error)}`);
        }
      }

      server.middlewares.use(BASE, (req: IncomingMessage, res: ServerResponse) => {
        void answer(req, res).catch((error) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      });

      async function answer(req: IncomingMessage, res: ServerResponse) {
        const url = new URL(req.url ?? "/", origin);
        const body = await read(req);
        const siteOrigin = `http://${req.headers.host ?? `localhost:${port}`}`;
        const json = (status: number, value: unknown) => {
          res.statusCode = status;
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify(value));
        };
        const html = (page: string) => {
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.end(page);
        };
        const authorised =
          req.headers.authorization ===
          `Basic ${Buffer.from(`${secret("RAZORPAY_KEY_ID")}:${secret("RAZORPAY_KEY_SECRET")}`).toString("base64")}`;
        if (url.pathname === "/v1/orders" && req.method === "POST") {
          if (!authorised)
            return json(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
          const asked = JSON.parse(body) as { amount: number; currency: string; receipt?: string };
          const order: Order = {
            id: `order_${id14()}`,
            amount: asked.amount,
            currency: asked.currency,
            receipt: asked.receipt ?? null,
            status: "created",
            created_at: now(),
          };
          orders.set(order.id, order);
          return json(200, {
            entity: "order",
            amount_paid: 0,
            amount_due: order.amount,
            attempts: 0,
            notes: [],
            offer_id: null,
            ...order,
          });
        }
        const found = /^\/v1\/(orders|payments)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
        if (found && req.method === "GET") {
          if (!authorised)
            return json(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
          const entity = found[1] === "orders" ? orders.get(found[2] ?? "") : payments.get(found[2] ?? "");
          return entity
            ? json(200, entity)
            : json(400, {
                error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" },
              });
        }
        if (url.pathname === "/v1/checkout/embedded" && req.method === "POST") {
          const form = new URLSearchParams(body);
          const order = orders.get(form.get("order_id") ?? "");
          if (!order) return html("<p>Unknown order.</p>");
          return html(hostedPage(order, form));
        }
        if (url.pathname === "/test/complete" && req.method === "POST") {
          const form = new URLSearchParams(body);
          const result = pay(form.get("order_id") ?? "", form.get("outcome") === "pay", siteOrigin);
          if (!result) return json(404, { error: "unknown order" });
          if (url.searchParams.get("format") === "json") return json(200, result);
          const fields = Object.entries(result)
            .map(
              ([name, value]) =>
                `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
            )
            .join("");
          return html(
            `<!doctype html><html lang="en"><title>Local test gateway</title><main><p>${form.get("outcome") === "pay" ? "Paid at the local test gateway." : "The payment failed."}</p><form method="post" action="${escapeHtml(form.get("callback_url") ?? "/")}">${fields}<button>Return to the website</button></form></main></html>`,
          );
        }
        if (url.pathname === "/v1/checkout.js") {
          res.setHeader("content-type", "application/javascript");
          return res.end(CHECKOUT_JS);
        }
        json(404, {
          error: { code: "BAD_REQUEST_ERROR", description: "Not served by the local test gateway" },
        });
      }
    },
  };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/** The hosted checkout's page: what is paid, and the two outcomes a test wants. */
function hostedPage(order: Order, form: URLSearchParams): string {
  const rupees = (order.amount / 100).toLocaleString("en-IN", {
    style: "currency",
    currency: order.currency,
  });
  const hidden = (name: string, value: string | null) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value ?? "")}">`;
  return `<!doctype html><html lang="en"><title>Local test gateway</title><main>
<h1>Local test gateway (not Razorpay)</h1>
<p>${escapeHtml(form.get("description") ?? "")}: ${escapeHtml(rupees)}, order ${escapeHtml(order.id)}</p>
<form method="post" action="${BASE}/test/complete">${hidden("order_id", order.id)}${hidden("callback_url", form.get("callback_url"))}
<button name="outcome" value="pay">Pay</button> <button name="outcome" value="fail">Fail</button></form>
<p><a href="${escapeHtml(form.get("cancel_url") ?? "/")}">Cancel</a></p></main></html>`;
}

/**
 * Standard Checkout's stand-in: a small window with Pay, Fail and Close. A class of our own with
 * the constructor and the two methods the payment page calls (new Razorpay(options), on, open);
 * served in place of checkout.js by this development-only gateway, it replaces nothing of anyone's.
 */
const CHECKOUT_JS = `(function () {
  class Razorpay {
  constructor(options) { this.options = options; this.listeners = {}; }
  on(name, listener) { this.listeners[name] = listener; }
  open() {
    var self = this, options = this.options;
    var box = document.createElement("div");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "Local test gateway");
    box.style.cssText = "position:fixed;inset:20% 10% auto;background:#fff;border:2px solid #333;padding:1rem;z-index:1000";
    var text = document.createElement("p");
    text.textContent = "Local test gateway (not Razorpay): order " + options.order_id;
    box.append(text);
    function button(label, act) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.onclick = act; box.append(b);
    }
    function complete(outcome) {
      var body = new URLSearchParams({ order_id: options.order_id, outcome: outcome });
      return fetch("${BASE}/test/complete?format=json", { method: "POST", body: body }).then(function (r) { return r.json(); });
    }
    button("Pay", function () { complete("pay").then(function (result) { box.remove(); options.handler(result); }); });
    button("Fail", function () { complete("fail").then(function () { if (self.listeners["payment.failed"]) self.listeners["payment.failed"]({}); }); });
    button("Close", function () { box.remove(); if (options.modal && options.modal.ondismiss) options.modal.ondismiss(); });
    document.body.append(box);
  }
  }
  window.Razorpay = Razorpay;
})();`;
