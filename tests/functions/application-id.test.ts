import type { Context } from "@netlify/edge-functions";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import applicationId from "../../netlify/edge-functions/application-id.ts";
import { EnrolmentReceipt } from "../../src/features/account/enrolment-receipt.tsx";
import { stampApplicationId } from "../../src/shared/enrolment-receipt.ts";

/** The receipt exactly as the prerender writes it on /sign-up?status=sent. */
const prerendered = () => {
  const element = createElement(EnrolmentReceipt, { applicationId: null, needsPayment: null });
  const router = createMemoryRouter([{ path: "*", element }]);
  const body = renderToString(createElement(RouterProvider, { router }));
  return `<!doctype html><html><body><main>${body}</main></body></html>`;
};

function run(search: string) {
  const upstream = new Response(prerendered(), {
    headers: { "content-type": "text/html; charset=utf-8", etag: '"x"' },
  });
  const context = { next: async () => upstream } as unknown as Context;
  return applicationId(new Request(`https://isgpb.example/sign-up${search}`), context);
}

describe("application-id edge function", () => {
  it("writes the application id from the URL into the page a form without JavaScript comes back to", async () => {
    const response = await run("?status=sent&id=EN-00AB12CD34");
    expect(response).toBeInstanceOf(Response);
    const html = await (response as Response).text();
    expect(html).toContain('<strong data-application-id="">EN-00AB12CD34</strong>');
    expect(html).not.toContain("in the e-mail we sent you");
    expect((response as Response).headers.get("cache-control")).toBe("private, no-cache");
    expect((response as Response).headers.get("etag")).toBeNull();
  });

  it.each([
    "?status=sent&id=<script>alert(1)</script>",
    "?status=sent&id=EN-00ab12cd34",
    "?status=sent&id=EN-00AB12CD34x",
  ])("writes nothing else from the URL (%s)", async (search) => {
    // Passed through untouched: the prerendered page keeps its placeholder.
    expect(await run(search)).toBeUndefined();
    expect(stampApplicationId(prerendered(), new URLSearchParams(search).get("id") ?? "")).toBe(
      prerendered(),
    );
  });

  it("leaves every other /sign-up request alone", async () => {
    expect(await run("")).toBeUndefined();
    expect(await run("?id=EN-00AB12CD34")).toBeUndefined();
  });
});
