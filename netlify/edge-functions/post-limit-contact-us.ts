/** The contact page's own POST: 10 a minute per network (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/contact-us", "/contact-us/", "/contact-us.data", "/contact-us/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
