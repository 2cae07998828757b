import { describe, expect, it } from "vitest";
import { canonicalPathname } from "./canonical-path.server.ts";

describe("canonicalPathname", () => {
  it("writes an escaped letter, digit, '-', '.', '_' or '~' as itself, in either case of hex", () => {
    expect(canonicalPathname("/%63ontact%2Dus")).toBe("/contact-us");
    expect(canonicalPathname("/%6Cogin%2edata")).toBe("/login.data");
    expect(canonicalPathname("/a%5Fb%7e%31")).toBe("/a_b~1");
  });

  it("keeps every other escape, which is part of how the path is spelt", () => {
    for (const path of ["/contact-us%2F", "/news/%E0%A4%85", "/a%20b", "/a%25", "/a%40b", "/no-such-page%"])
      expect(canonicalPathname(path)).toBe(path);
  });
});
