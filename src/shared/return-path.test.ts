import { describe, expect, it } from "vitest";
import { loginReturningTo, safeReturnPath, signInFrom } from "./return-path.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/account", "/account"],
    ["/directory?member=0123456789abcdef", "/directory?member=0123456789abcdef"],
    ["/account/my-data#close", "/account/my-data#close"],
    ["/a/../account", "/account"],
  ])("keeps the path on this site %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "http:/evil.example",
    "//evil.example/account",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\tevil",
    " /account",
    "javascript:alert(1)",
    "account",
    "",
    `/${"a".repeat(600)}`,
    null,
    42,
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("builds the login link with the path encoded", () => {
    expect(loginReturningTo("/directory?member=ab")).toBe("/login?next=%2Fdirectory%3Fmember%3Dab");
  });
});

describe("signInFrom", () => {
  it("comes back to the page it was followed from, with its search", () => {
    expect(signInFrom("/directory/page/5")).toBe("/login?next=%2Fdirectory%2Fpage%2F5");
    expect(signInFrom("/search", "?q=wheat")).toBe("/login?next=%2Fsearch%3Fq%3Dwheat");
  });

  it("is plain on the home page and on the steps of signing in, out, up and recovering", () => {
    for (const path of ["/", "/login", "/logout", "/sign-up", "/reset-password", "/verify-email"])
      expect(signInFrom(path)).toBe("/login");
  });

  it("never carries a link's token into the login page's address", () => {
    expect(signInFrom("/approve-payment", "?token=abc.def")).toBe("/login");
    expect(signInFrom("/newsletter/confirm", "?token=abc")).toBe("/login");
  });
});
