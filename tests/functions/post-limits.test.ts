/**
 * The pages' own POSTs are each limited per network address by an edge function (netlify/README.md),
 * at the limits their forms' JSON endpoints carried until those were retired (issue 55). The limits
 * match paths as written, so no other spelling of those paths reaches a page's action.
 */
import { glob } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@netlify/functions";
import { describe, expect, it } from "vitest";
import { pageServer } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";

const root = path.resolve(import.meta.dirname, "../..");

async function configOf(file: string): Promise<Config> {
  return ((await import(path.join(root, file))) as { config: Config }).config;
}

/**
 * Each page with a form action, and its POSTs a minute per network address: the strictest of its
 * forms where a page holds several (the directory entry's correction, 10; its privacy and details, 30).
 */
const PAGE_FORMS: Record<string, number> = {
  "/contact-us": 10,
  "/sign-up": 10,
  "/login": 30,
  "/forgot-password": 20,
  "/pay": 20,
  "/reset-password": 20,
  "/claim-account": 20,
  "/claim-account/password": 20,
  "/verify-email": 20,
  "/newsletter": 5,
  "/newsletter/:action": 20,
  "/account/settings": 20,
  "/account/confirm-email": 20,
  "/account/directory-entry": 10,
  "/account/my-data": 10,
  "/secretariat/sign-in": 10,
};

describe("the pages' POST limits", () => {
  it("limit each page's POST, and nothing else", async () => {
    const carriers: Record<string, Config> = {};
    for await (const file of glob("netlify/edge-functions/post-limit-*.ts", { cwd: root })) {
      const config = await configOf(file);
      carriers[String([config.path].flat()[0])] = config;
    }
    expect(Object.keys(carriers).sort()).toEqual(Object.keys(PAGE_FORMS).sort());
    for (const [page, windowLimit] of Object.entries(PAGE_FORMS)) {
      // Every path that reaches the page's action: with JavaScript a form posts to `<page>.data`.
      const paths = [page, `${page}/`, `${page}.data`, `${page}/_.data`];
      const rateLimit = { windowLimit, windowSize: 60, aggregateBy: ["ip", "domain"] };
      expect(carriers[page], page).toEqual({ path: paths, method: "POST", rateLimit });
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

/** Every path an edge function limits, with its method, a route parameter filled in. */
async function limitedPaths(): Promise<{ path: string; method: string }[]> {
  const found: { path: string; method: string }[] = [];
  for await (const file of glob("netlify/edge-functions/*-limit-*.ts", { cwd: root })) {
    const config = await configOf(file);
    for (const path of [config.path].flat() as string[])
      found.push({
        path: path.replace(":action", "unsubscribe").replace("*", "x1"),
        method: String(config.method),
      });
  }
  return found;
}

/**
 * The same path with one character written as its escape: its first and its last letter or digit
 * (`/%63ontact-us`), and each `-`, `.` and `_` (`/contact%2Dus`, `/contact-us%2Edata`), with hex
 * digits in either case.
 */
function respellings(path: string): string[] {
  const characters = [...path];
  const first = characters.findIndex((character) => /[A-Za-z0-9]/.test(character));
  const last = characters.findLastIndex((character) => /[A-Za-z0-9]/.test(character));
  return characters.flatMap((character, at) => {
    if (at !== first && at !== last && !/[._-]/.test(character)) return [];
    const hex = character.charCodeAt(0).toString(16);
    return [`${path.slice(0, at)}%${at % 2 ? hex.toUpperCase() : hex}${path.slice(at + 1)}`];
  });
}

describe("a limited path spelt with escapes", () => {
  const pages = pageServer((path) =>
    [...Object.keys(PAGE_FORMS).map((page) => page.slice(1)), "directory/member/:id", "*"].includes(path),
  );

  it("reaches no page's action: every POST of another spelling is a 404, before any action", async () => {
    for (const { path, method } of await limitedPaths()) {
      if (method !== "POST") continue;
      for (const respelt of respellings(path)) {
        const response = await (await pages)(
          pageRequest(respelt, undefined, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "email=someone%40example.org",
          }),
        );
        expect(response.status, respelt).toBe(404);
      }
    }
  });

  it("reaches no page's loader either: a page asked for is sent to its plain spelling, which is limited", async () => {
    for (const respelt of respellings("/directory/member/x1")) {
      const response = await (await pages)(pageRequest(`${respelt}?from=search`));
      expect(response.status, respelt).toBe(301);
      expect(response.headers.get("location"), respelt).toBe("/directory/member/x1?from=search");
    }
  });
});
