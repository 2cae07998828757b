/**
 * The POST of /pay ('Pay online', and the checkout's signed return): 20 a minute per network
 * address (netlify/README.md), so nobody can make the site ask Razorpay for orders in bulk.
 */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/pay", "/pay/", "/pay.data", "/pay/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
