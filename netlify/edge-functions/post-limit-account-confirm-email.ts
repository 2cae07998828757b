/** The POST of /account/confirm-email: 20 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: [
    "/account/confirm-email",
    "/account/confirm-email/",
    "/account/confirm-email.data",
    "/account/confirm-email/_.data",
  ],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
