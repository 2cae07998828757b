/** The POST of /account/settings (its two forms alike): 20 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/account/settings", "/account/settings/", "/account/settings.data", "/account/settings/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
