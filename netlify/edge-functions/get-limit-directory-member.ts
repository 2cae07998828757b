/**
 * A member's page (/directory/member/:id, View More without JavaScript) and its data request
 * (`<page>.data`), limited as GET /api/directory/:id, the dialog's door to the same details: so
 * contact details cannot be harvested through the page (netlify/README.md).
 */
import type { Config } from "@netlify/edge-functions";

export default () => {};

export const config: Config = {
  path: "/directory/member/*",
  method: "GET",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
