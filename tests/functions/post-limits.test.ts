/**
 * The pages' own POSTs are limited as their JSON endpoints are: a form reaches the site by either
 * door, so an attacker gains nothing by choosing the page (netlify/README.md).
 */
import { glob } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@netlify/functions";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
type Limit = NonNullable<Config["rateLimit"]>;

async function configOf(file: string): Promise<Config> {
  return ((await import(path.join(root, file))) as { config: Config }).config;
}

/** Each page with a form action, and the JSON endpoints (function files) of the same forms. */
const PAGE_FORMS: Record<string, string[]> = {
  "/contact-us": ["contact"],
  "/sign-up": ["enrol"],
  "/login": ["login"],
  "/forgot-password": ["forgot-password"],
  "/reset-password": ["reset-password"],
  "/verify-email": ["verify-email"],
  "/newsletter": ["subscribe"],
  "/newsletter/:action": ["newsletter-link"],
  "/account/settings": ["settings-password", "settings-email"],
  "/account/confirm-email": ["settings-confirm-email"],
  "/account/directory-entry": [
    "member-directory-privacy",
    "member-directory-correction",
    "member-directory-details",
  ],
  "/account/my-data": ["member-data", "member-close"],
  "/secretariat/sign-in": ["secretariat-password-link"],
};

/** The stricter of the endpoints' limits: the page holds both forms behind one path. */
const strictest = (limits: Limit[]) =>
  limits.reduce((a, b) => (b.windowLimit / b.windowSize < a.windowLimit / a.windowSize ? b : a));

describe("the pages' POST limits", () => {
  it("limit each page's POST as its form's endpoint, and nothing else", async () => {
    const carriers: Record<string, Config> = {};
    for await (const file of glob("netlify/edge-functions/post-limit-*.ts", { cwd: root })) {
      const config = await configOf(file);
      carriers[String([config.path].flat()[0])] = config;
    }
    expect(Object.keys(carriers).sort()).toEqual(Object.keys(PAGE_FORMS).sort());
    for (const [page, functions] of Object.entries(PAGE_FORMS)) {
      const limits = await Promise.all(
        functions.map(async (name) => (await configOf(`netlify/functions/${name}.ts`)).rateLimit as Limit),
      );
      expect(limits.every(Boolean), page).toBe(true);
      // Every path that reaches the page's action: with JavaScript a form posts to `<page>.data`.
      const paths = [page, `${page}/`, `${page}.data`, `${page}/_.data`];
      expect(carriers[page], page).toEqual({ path: paths, method: "POST", rateLimit: strictest(limits) });
    }
  });

  it("limit a member's page as the dialog's endpoint for the same details", async () => {
    const page = await configOf("netlify/edge-functions/get-limit-directory-member.ts");
    const api = await configOf("netlify/functions/directory-member.ts");
    // One pattern takes the page and its data request (`/directory/member/<id>.data`).
    expect(page).toEqual({ path: "/directory/member/*", method: "GET", rateLimit: api.rateLimit });
  });

  it("pass every request on untouched", async () => {
    for await (const file of glob("netlify/edge-functions/*.ts", { cwd: root })) {
      const handler = ((await import(path.join(root, file))) as { default: () => unknown }).default;
      expect(handler(), file).toBeUndefined();
    }
  });
});
