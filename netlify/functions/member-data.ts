/**
 * 'Download my data' on /account/my-data.
 *   GET /api/account/my-data → 200 application/json, Content-Disposition: attachment (a file named
 *       isgpb-my-data-<day>.json): the account without its password hash or any token, the
 *       applications, payments, the contact messages sent from the account's address, directory
 *       corrections, the directory entry and the details hidden from other members
 *   | signed out: 303 to /login?next=/account/my-data for a browser, 401 { error } for a script.
 * Always Cache-Control: private, no-store and Vary: Cookie. Env: those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { wantsPage } from "../../src/server/account/account-request.server.ts";
import { collectMyData, myDataFileName } from "../../src/server/account/my-data.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, seeOther } from "../../src/server/http/responses.server.ts";
import { NOT_SIGNED_IN } from "../../src/shared/member-privacy.ts";
import { loginReturningTo } from "../../src/shared/return-path.ts";

const BY_SESSION = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export default endpoint({
  GET: async (request: Request) => {
    const account = await currentAccount(request);
    if (!account)
      return wantsPage(request)
        ? seeOther(loginReturningTo("/account/my-data"), { Vary: "Cookie" })
        : errorJson(401, NOT_SIGNED_IN, BY_SESSION);
    const now = new Date();
    return json(await collectMyData(account, now), 200, {
      ...BY_SESSION,
      "Content-Disposition": `attachment; filename="${myDataFileName(now)}"`,
    });
  },
});

export const config: Config = {
  path: "/api/account/my-data",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
