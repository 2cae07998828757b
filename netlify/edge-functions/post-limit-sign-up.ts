/** The POST of /sign-up: 10 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/sign-up", "/sign-up/", "/sign-up.data", "/sign-up/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
