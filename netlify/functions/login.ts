/**
 * Member sign-in.
 *   POST /api/login  body: JSON or form-urlencoded { email, password }
 *   JSON → 200 { name } and the session cookie | 401 { error } | 429 { error } with Retry-After
 *        | 403 { error } the right password, but the address is not confirmed yet (no session)
 *   form → 303 to /account?status=…&id=… | /login?status=failed | throttled | unverified
 *   400 malformed, 403 cross-site, 413, 415, 405 (Allow: POST).
 * A wrong address and a wrong password get the same answer in about the same time (an unknown
 * address is checked against a decoy hash). A network that sent too many wrong passwords (for
 * this account, or in all) waits out a 15-minute window; no other network is ever refused, so a
 * stranger cannot lock the owner out (src/server/members/login-throttle.server.ts).
 * Every answer is Cache-Control: no-store.
 * Env: none.
 */
import type { Config, Context } from "@netlify/functions";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import {
  errorJson,
  json,
  methodNotAllowed,
  NO_STORE,
  seeOther,
} from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import { accountKey, findAccount, isVerified } from "../../src/server/members/accounts.server.ts";
import {
  clearFailures,
  recordFailure,
  retryAfterSeconds,
} from "../../src/server/members/login-throttle.server.ts";
import { verifyAgainstDecoy, verifyPassword } from "../../src/server/members/password.server.ts";
import { accountPage, sessionCookie, startSession } from "../../src/server/members/sessions.server.ts";
import { LOGIN_FAILED, LOGIN_UNVERIFIED } from "../../src/shared/members.ts";
import { loginSchema } from "../../src/shared/schemas/enrolment.ts";

export const throttledMessage = (seconds: number) =>
  `Too many attempts to sign in. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`;

export default async (request: Request, context: Context) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, 4096);
  if (body instanceof Response) return body;
  const parsed = loginSchema.safeParse(body.input);
  if (!parsed.success) {
    if (body.isForm) return seeOther("/login?status=failed");
    return errorJson(400, "Please enter your e-mail address and password.");
  }

  const { email, password } = parsed.data;
  const key = accountKey(email);
  const ip = context.ip || "unknown";
  const wait = await retryAfterSeconds(ip, key);
  if (wait > 0) {
    if (body.isForm) return seeOther("/login?status=throttled", { "Retry-After": String(wait) });
    return errorJson(429, throttledMessage(wait), { "Retry-After": String(wait) });
  }

  const account = await findAccount(email);
  const genuine = account
    ? await verifyPassword(password, account.passwordHash)
    : await verifyAgainstDecoy(password);
  if (!account || !genuine) {
    await recordFailure(ip, key);
    if (body.isForm) return seeOther("/login?status=failed");
    return errorJson(401, LOGIN_FAILED);
  }

  await clearFailures(ip, key);
  // Only the right password learns this, so it tells a stranger nothing.
  if (!isVerified(account)) {
    if (body.isForm) return seeOther("/login?status=unverified");
    return errorJson(403, LOGIN_UNVERIFIED);
  }
  const cookie = { "Set-Cookie": sessionCookie(await startSession(key)) };
  if (body.isForm) return seeOther(accountPage(account), cookie);
  return json({ name: account.name }, 200, { ...NO_STORE, ...cookie });
};

export const config: Config = {
  path: "/api/login",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
