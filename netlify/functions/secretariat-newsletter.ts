/**
 * The newsletter's subscribers as a CSV download (the newsletter page's "Download the subscribers"
 * link), for the signed-in secretariat only (401 visitor, 403 member, checked first on the server).
 *   GET /api/secretariat/newsletter/subscribers.csv  → the subscribers as CSV, one audit line
 *   405 (Allow: GET, HEAD) for another method.
 * The newsletter's forms (write, test, send) are the workspace pages' actions
 * (src/server/secretariat/newsletter-form.server.ts).
 * Env: SECRETARIAT_ACCOUNTS.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { subscribersCsv } from "../../src/server/newsletter/subscriber-csv.server.ts";
import { allSubscribers } from "../../src/server/newsletter/subscribers.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";

export default endpoint({
  async GET(request: Request) {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    const list = await allSubscribers();
    await recordAction({
      who: session.who,
      action: "newsletter-export",
      record: "newsletter/subscribers",
      summary: `Downloaded the subscribers' list (${list.length} addresses)`,
    });
    return new Response(subscribersCsv(list), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="isgpb-newsletter-subscribers.csv"',
        "Cache-Control": "no-store",
        Vary: "Cookie",
      },
    });
  },
});

// A literal path: Netlify reads this config without running the module (SUBSCRIBERS_CSV).
export const config: Config = { path: "/api/secretariat/newsletter/subscribers.csv" };
