/** The POST of /account/my-data (closing the account): 10 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/account/my-data", "/account/my-data/", "/account/my-data.data", "/account/my-data/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
