import type { Context } from "@netlify/edge-functions";
import { describe, expect, it } from "vitest";
import signedOut, { config } from "../../netlify/edge-functions/signed-out.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";

function run(path: string, cookies: Record<string, string> = {}) {
  const context = { cookies: { get: (name: string) => cookies[name] } } as unknown as Context;
  return signedOut(new Request(`https://isgpb.example${path}`), context);
}

describe("signed-out edge function", () => {
  it("sends a visitor with no session cookie to sign in before /account is served", () => {
    const response = run("/account", { other: "1" });
    expect(response?.status).toBe(303);
    expect(response?.headers.get("location")).toBe("/login");
    expect(response?.headers.get("cache-control")).toBe("private, no-store");
    expect(response?.headers.get("vary")).toBe("Cookie");
  });

  it("brings them back to the other account pages, search included, once signed in", () => {
    expect(run("/account/my-data")?.headers.get("location")).toBe("/login?next=%2Faccount%2Fmy-data");
    expect(run("/account/directory-entry?status=sent")?.headers.get("location")).toBe(
      "/login?next=%2Faccount%2Fdirectory-entry%3Fstatus%3Dsent",
    );
  });

  it("lets any session cookie through: the page itself checks whether it is still good", () => {
    expect(run("/account", { [SESSION_COOKIE]: "stale-or-not" })).toBeUndefined();
  });

  it("guards only the pages that need a member, and only their GETs", () => {
    expect(config.path).toEqual([
      "/account",
      "/account/settings",
      "/account/directory-entry",
      "/account/my-data",
    ]);
    expect(config.method).toBe("GET");
  });
});
