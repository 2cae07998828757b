/** The Subscribe box's POST: 5 a minute per network (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: ["/newsletter", "/newsletter/", "/newsletter.data", "/newsletter/_.data"],
  method: "POST",
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
