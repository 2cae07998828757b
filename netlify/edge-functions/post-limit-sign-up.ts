/** The page's own POST, limited as POST /api/enrol (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: "/sign-up",
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
