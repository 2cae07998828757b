/**
 * Confirming a new account's e-mail address, and sending a fresh link, as a JSON API (the page the
 * link opens posts to its route's action: src/server/membership/verify-email-forms.server.ts).
 *   POST /api/verify-email  body: JSON { token }
 *        → 200 { outcome: "confirmed", message } | 400 { outcome: "invalid" | "used", error }
 *          | 410 { outcome: "expired", error }
 *   POST /api/verify-email  body: JSON { action: "resend", email } → 200 { message }: the same
 *        answer whether or not the address has an account waiting | 400 { error, fields }
 *   A form-urlencoded post is passed on to /verify-email with 307. 403 cross-site, 413, 415, 405.
 * Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config, Context } from "@netlify/functions";
import { apiForm } from "../../src/server/forms/api-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { confirmEmailForm, resendLinkForm } from "../../src/server/membership/verify-email-forms.server.ts";

const confirm = apiForm(confirmEmailForm);
const resend = apiForm(resendLinkForm);

export default endpoint(
  {
    POST: async (request: Request, context: Context) => {
      const body = (await request
        .clone()
        .json()
        .catch(() => null)) as { action?: unknown } | null;
      return (body?.action === "resend" ? resend : confirm)(request, context);
    },
  },
  { content: true },
);

export const config: Config = {
  path: "/api/verify-email",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
