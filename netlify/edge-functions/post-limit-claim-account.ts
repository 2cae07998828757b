/** The POST of /claim-account: 20 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/claim-account", "/claim-account/", "/claim-account.data", "/claim-account/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
