/**
 * Confirming a new account's e-mail address, and sending a fresh link.
 *   POST /api/verify-email  body: JSON or form-urlencoded { token }
 *        → 200 { outcome: "confirmed", message } | 400 { outcome: "invalid" | "used", error }
 *          | 410 { outcome: "expired", error }
 *   POST /verify-email?token=…  (the page's form without JavaScript) → 303 /verify-email?status=…
 *   POST /api/verify-email  body: { action: "resend", email } → 200 { message } (JSON) or 303
 *        /verify-email?status=sent (form): the same answer whether or not the address has an
 *        account waiting; a link goes only to such an address, at most once a minute.
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * The e-mailed link opens a page; only its button (this POST) confirms, so a mail scanner that
 * follows the link confirms nothing. Env: SIGNING_SECRET, URL, and the mail settings of /api/enrol.
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import { errorJson, json, NO_STORE, seeOther } from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import { confirmEmail, resendVerification } from "../../src/server/membership/email-verification.server.ts";
import { VERIFY_OUTCOMES } from "../../src/shared/account.ts";
import type { EmailConfirmedAnswer } from "../../src/shared/api/account.ts";
import { resendSchema } from "../../src/shared/schemas/enrolment.ts";

const STATUS = { confirmed: 200, invalid: 400, used: 400, expired: 410 } as const;

export default endpoint({
  POST: async (request: Request) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const body = await readFormBody(request, 4096);
    if (body instanceof Response) return body;
    const { input, isForm } = body;
    const origin = siteUrl(request);

    if (input.action === "resend") {
      const parsed = resendSchema.safeParse(input);
      if (parsed.success) await resendVerification(parsed.data.email, origin);
      else if (!isForm) return errorJson(400, "Please enter a valid e-mail address.");
      if (isForm) return seeOther("/verify-email?status=sent");
      return json({ message: VERIFY_OUTCOMES.sent }, 200, NO_STORE);
    }

    // The page's script sends the token in the body; the plain form keeps it in the page's URL.
    const token = input.token ?? new URL(request.url).searchParams.get("token");
    const outcome = await confirmEmail(token, origin);
    if (isForm) return seeOther(`/verify-email?status=${outcome}`);
    if (outcome === "confirmed") {
      const confirmed: EmailConfirmedAnswer = { outcome, message: VERIFY_OUTCOMES[outcome] };
      return json(confirmed, 200, NO_STORE);
    }
    return json({ outcome, error: VERIFY_OUTCOMES[outcome] }, STATUS[outcome], NO_STORE);
  },
});

export const config: Config = {
  path: ["/api/verify-email", "/verify-email"],
  method: "POST",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
