/** The POST of /claim-account/password: 20 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: [
    "/claim-account/password",
    "/claim-account/password/",
    "/claim-account/password.data",
    "/claim-account/password/_.data",
  ],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
