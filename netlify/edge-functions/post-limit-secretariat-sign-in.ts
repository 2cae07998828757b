/** The workspace sign-in page's own POST (netlify/README.md). */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: [
    "/secretariat/sign-in",
    "/secretariat/sign-in/",
    "/secretariat/sign-in.data",
    "/secretariat/sign-in/_.data",
  ],
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
