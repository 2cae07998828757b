import { beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { deleteExpiredRecords } from "../../src/server/expired-records.server.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { expectConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { cookieSet, formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
// The sign-in throttle, which the login page's refusals pass, is kept apart from these rows.
startBlobsServer();
vi.stubEnv("SIGNING_SECRET", "flash-test-secret");

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  pages = await pageServer((path) => path === "login" || path === "contact-us" || path === "privacy");
});

const TYPED_PASSWORD = "secret-password-1";

describe("a refused form posted without JavaScript", () => {
  it("is sent back to its page (303), which then shows what was typed and each error, never a password", async () => {
    const post = await pages(
      formPostRequest("/login?next=%2Faccount", { email: "not an address", password: TYPED_PASSWORD }),
    );
    expect(post.status).toBe(303);
    // To the form's error summary on its page: a browser shows it first (issue 54).
    expect(post.headers.get("location")).toBe("/login?next=%2Faccount#login-error-summary");
    const setCookie = post.headers.get("set-cookie");
    expect(setCookie).toMatch(
      /^isgpb_form=[\w-]{32}; Path=\/login; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/,
    );

    const back = await pages(pageRequest("/login?next=%2Faccount", cookieSet(post)));
    expect(back.status).toBe(200);
    const { html, document } = await readPage(back);
    expect(document.title).toMatch(/^Error: /);
    expect(document.getElementById("login-error-summary")?.textContent).toMatch(/^There is a problem/);
    const email = document.querySelector<HTMLInputElement>('main input[name="email"]');
    expect(email?.value).toBe("not an address");
    expect(email?.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("email-error")?.textContent).toMatch(/Enter a valid e-mail address/);
    expect(document.querySelector<HTMLInputElement>('main input[name="password"]')?.value).toBe("");
    expect(html).not.toContain(TYPED_PASSWORD);
    // The return path survives the round trip.
    expect(document.querySelector<HTMLInputElement>('main input[name="next"]')?.value).toBe("/account");
    // Read once: the cookie is cleared, and a reload shows the page plain (never posts again).
    expect(back.headers.get("set-cookie")).toMatch(/^isgpb_form=; Path=\/login; Max-Age=0/);
    const reload = await readPage(await pages(pageRequest("/login?next=%2Faccount", cookieSet(post))));
    expect(reload.document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe("");
    expect(reload.document.getElementById("email-error")).toBeNull();
  });

  it("from a browser that sends no Fetch Metadata headers, is sent back to its page all the same", async () => {
    // Safari before 16.4 and older Firefox say nothing of where the answer goes: a post to the
    // page's own address (not its `.data` address) is a page the browser will show.
    const plain = formPostRequest("/contact-us", {
      first_name: "Asha",
      email: "not an address",
      message: "A question about membership.",
    });
    plain.headers.delete("sec-fetch-dest");
    plain.headers.delete("sec-fetch-mode");
    const post = await pages(plain);
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/contact-us#contact-error-summary");
    const { document } = await readPage(await pages(pageRequest("/contact-us", cookieSet(post))));
    expect(document.querySelector<HTMLInputElement>('main input[name="first_name"]')?.value).toBe("Asha");
    expect(document.querySelector("main textarea[name=message]")?.textContent).toBe(
      "A question about membership.",
    );
    expect(document.getElementById("email-error")?.textContent).toMatch(/Enter a valid e-mail address/);
  });

  it("with JavaScript, is answered in place with the refusal, and nothing is kept", async () => {
    const answer = await pages(scriptPostRequest("/login", { email: "", password: "" }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect((await readData(answer)).data).toMatchObject({
      ok: false,
      form: "login",
      errors: { email: expect.any(String) },
    });
  });

  it("keeps a refusal only for its own page", async () => {
    const post = await pages(formPostRequest("/login", { email: "x" }));
    expect(post.status).toBe(303);
    const elsewhere = await pages(pageRequest("/contact-us", cookieSet(post)));
    expect(elsewhere.headers.get("set-cookie")).toBeNull();
    expect((await readPage(elsewhere)).text).not.toContain("Enter a valid e-mail address");
    // The login page still has it.
    const own = await readPage(await pages(pageRequest("/login", cookieSet(post))));
    expect(own.document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe("x");
  });

  it("refuses a plain post from another site before reading it, keeping nothing", async () => {
    const fields = { email: "meera@example.org", password: TYPED_PASSWORD };
    // A browser names the other site twice (Sec-Fetch-Site, Origin): either is refused.
    const withOrigin = await pages(
      formPostRequest("/login", fields, undefined, {
        "sec-fetch-site": "cross-site",
        origin: "https://evil.example",
      }),
    );
    expect(withOrigin.status).toBe(403);
    expect(withOrigin.headers.get("set-cookie")).toBeNull();
    const fetchMetadataOnly = await pages(
      formPostRequest("/login", fields, undefined, { "sec-fetch-site": "cross-site" }),
    );
    expect(fetchMetadataOnly.status).toBe(403);
    expect(fetchMetadataOnly.headers.get("set-cookie")).toBeNull();
  });
});

describe("a kept refusal's row", () => {
  it("is shown only within its ten minutes, and the sweep deletes it after", async () => {
    const post = await pages(formPostRequest("/login", { email: "late" }));
    expect(post.status).toBe(303);
    const flashes = () => database().selectFrom("form_flashes").select(["path", "expires_at"]).execute();
    const [kept] = await flashes();
    expect(kept?.path).toBe("/login");
    // Nothing is swept before its time.
    expect(await deleteExpiredRecords(new Date(Date.now() + 9 * 60_000))).toMatchObject({ formFlashes: 0 });
    await database()
      .updateTable("form_flashes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const back = await readPage(await pages(pageRequest("/login", cookieSet(post))));
    expect(back.document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe("");
    // Read once: the GET took it, late or not.
    expect(await flashes()).toEqual([]);

    const unread = await pages(formPostRequest("/login", { email: "never read" }));
    expect(unread.status).toBe(303);
    expect(await deleteExpiredRecords(new Date(Date.now() + 11 * 60_000))).toMatchObject({ formFlashes: 1 });
    expect(await flashes()).toEqual([]);
  });
});

describe("methods", () => {
  it.each(["PUT", "DELETE", "PATCH"])(
    "a form's page answers %s with 405, allowing GET, HEAD and POST, and changes nothing",
    async (method) => {
      for (const path of ["/contact-us", "/contact-us.data"]) {
        const answer = await pages(
          pageRequest(path, undefined, {
            method,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "first_name=Asha&email=asha%40example.org&message=Hello%20there",
          }),
        );
        expect(answer.status).toBe(405);
        expect(answer.headers.get("allow")).toBe("GET, HEAD, POST");
        expect(answer.headers.get("set-cookie")).toBeNull();
      }
    },
  );

  it("a page without a form allows GET and HEAD only", async () => {
    // The framework logs a post to a route without an action as the handler's error.
    expectConsole("error", /did not provide an `action`/);
    const answer = await pages(pageRequest("/privacy", undefined, { method: "POST", body: "a=b" }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD");
  });
});
