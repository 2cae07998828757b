/** The newsletter links' pages' own POST: 20 a minute per network (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: [
    "/newsletter/:action",
    "/newsletter/:action/",
    "/newsletter/:action.data",
    "/newsletter/:action/_.data",
  ],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
