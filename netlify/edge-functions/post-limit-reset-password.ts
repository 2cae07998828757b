/** The page's own POST, limited as POST /api/reset-password (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/reset-password", "/reset-password/", "/reset-password.data", "/reset-password/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
