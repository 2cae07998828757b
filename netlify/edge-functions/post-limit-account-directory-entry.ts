/** The POST of /account/directory-entry (the strictest of its three forms', the correction's): 10 a minute per network address (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: [
    "/account/directory-entry",
    "/account/directory-entry/",
    "/account/directory-entry.data",
    "/account/directory-entry/_.data",
  ],
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
