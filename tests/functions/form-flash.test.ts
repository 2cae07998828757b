import { describe, expect, it, vi } from "vitest";
import * as loginPage from "../../src/app/routes/login.tsx";
import { startBlobsServer } from "../support/blobs.ts";
import { comeBack } from "../support/form-flash.ts";
import { postToPage } from "../support/page-action.ts";

startBlobsServer();
vi.stubEnv("SIGNING_SECRET", "flash-test-secret");

describe("a refused form posted without JavaScript", () => {
  it("is sent back to its page (303), which then shows what was typed and each error, never a password", async () => {
    const answer = await postToPage(
      loginPage.action,
      "/login?next=%2Faccount",
      { email: "not an address", password: "secret-password-1" },
      { plain: true },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/login?next=%2Faccount");
    const setCookie = answer.headers.get("set-cookie");
    expect(setCookie).toMatch(/^isgpb_form=[\w-]{32}; Path=\/login; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/);

    const { refused, response } = await comeBack("/login", setCookie);
    expect(refused).toMatchObject({
      ok: false,
      form: "login",
      errors: { email: expect.any(String) },
      values: { email: "not an address" },
    });
    expect(JSON.stringify(refused)).not.toContain("secret-password-1");
    // Read once: the cookie is cleared, and a reload shows the page plain (never posts again).
    expect(response.headers.get("set-cookie")).toMatch(/^isgpb_form=; Path=\/login; Max-Age=0/);
    expect((await comeBack("/login", setCookie)).refused).toBeNull();
  });

  it("with JavaScript, is answered in place with the refusal, and nothing is kept", async () => {
    const answer = await postToPage(loginPage.action, "/login", { email: "", password: "" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.data).toMatchObject({ ok: false, form: "login", errors: { email: expect.any(String) } });
  });

  it("keeps a refusal only for its own page", async () => {
    const answer = await postToPage(loginPage.action, "/login", { email: "x" }, { plain: true });
    const { refused } = await comeBack("/contact-us", answer.headers.get("set-cookie"));
    expect(refused).toBeNull();
  });

  it("refuses a plain post from another site before reading it", async () => {
    const answer = await postToPage(
      loginPage.action,
      "/login",
      { email: "meera@example.org", password: "secret-password-1" },
      { plain: true, from: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});
