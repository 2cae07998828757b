import { describe, expect, it } from "vitest";
import { buildHookUrl, WEBHOOK_NAME, webhookChange, webhookSettings } from "./webhook-definition.ts";

const HOOK = "https://api.netlify.com/build_hooks/0123456789abcdef01234567";
const wanted = webhookSettings(HOOK, "master");
const existing = (changes: Partial<typeof wanted> = {}) => ({ sys: { id: "wh1" }, ...wanted, ...changes });

describe("the rebuild webhook", () => {
  it("calls the build hook on publish and unpublish of entries and files, in the site's environment only", () => {
    expect(wanted).toEqual({
      name: WEBHOOK_NAME,
      url: HOOK,
      topics: ["Entry.publish", "Entry.unpublish", "Asset.publish", "Asset.unpublish"],
      filters: [{ equals: [{ doc: "sys.environment.sys.id" }, "master"] }],
      active: true,
    });
  });

  it("is created once, then left alone, and updated when the hook or the settings change", () => {
    expect(webhookChange([], wanted)).toEqual({ action: "create" });
    expect(
      webhookChange([existing(), { ...existing(), sys: { id: "other" }, name: "Slack" }], wanted),
    ).toEqual({
      action: "none",
      id: "wh1",
    });
    expect(webhookChange([existing({ url: `${HOOK}ff` })], wanted)).toEqual({ action: "update", id: "wh1" });
    expect(webhookChange([existing({ active: false })], wanted)).toEqual({ action: "update", id: "wh1" });
    expect(webhookChange([existing({ topics: ["Entry.publish"] })], wanted)).toEqual({
      action: "update",
      id: "wh1",
    });
  });

  it("refuses to guess between two webhooks of its name", () => {
    expect(() => webhookChange([existing(), { ...existing(), sys: { id: "wh2" } }], wanted)).toThrow(
      /2 webhooks/,
    );
  });

  it("takes only a Netlify build hook's URL", () => {
    expect(buildHookUrl(` ${HOOK} `)).toBe(HOOK);
    for (const bad of [
      undefined,
      "",
      "http://api.netlify.com/build_hooks/abc",
      "https://example.org/build_hooks/abc",
    ])
      expect(() => buildHookUrl(bad)).toThrow(/build hook's URL/);
  });
});
