import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { setEnvironmentContext } from "@netlify/blobs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { claimAccountForm } from "../../src/server/account/claim-account-form.server.ts";
import { forgotPasswordForm } from "../../src/server/account/forgot-password-form.server.ts";
import { loginForm } from "../../src/server/account/login-form.server.ts";
import { contactForm } from "../../src/server/contact/contact-form.server.ts";
import { closeDatabase } from "../../src/server/db/database.server.ts";
import { enrolmentForm } from "../../src/server/membership/enrolment-form.server.ts";
import { approvalUrl, paymentApprovalForm } from "../../src/server/membership/payment-approval.server.ts";
import { subscribeForm } from "../../src/server/newsletter/subscribe-form.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { formPostRequest, scriptPostRequest } from "../support/requests.ts";

vi.setConfig({ testTimeout: 30_000 });

/**
 * Storage down: the records' database refuses every connection (NETLIFY_DB_URL names a port no one
 * listens on), as does Blobs for what is still kept there (a server failing every request); or
 * (`hanging`) neither ever answers at all.
 */
let broken: Server;
let hanging = false;
/** A database server that takes connections and never says a word. */
let silent: TcpServer;
const silentSockets = new Set<Socket>();
let refusingUrl = "";
let silentUrl = "";

const portOf = (server: { address: () => unknown }) => {
  const address = server.address();
  return typeof address === "object" && address ? (address as { port: number }).port : 0;
};
const databaseAt = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
const sent: SentMail[] = [];
const SECRET = "storage-test-secret";
setupMsw(resendAccepts(sent));

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  broken = createServer((_req, res) => {
    if (hanging) return;
    res.statusCode = 500;
    res.end("BlobsInternalError at /var/task/node_modules/@netlify/blobs/dist/main.js:1:1");
  });
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  const address = broken.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  setEnvironmentContext({ siteID: "test-site", token: "t", edgeURL: url, uncachedEdgeURL: url });
  // A port just freed: nothing listens there, so every connection is refused.
  const freed = createTcpServer();
  await new Promise<void>((resolve) => freed.listen(0, "127.0.0.1", resolve));
  refusingUrl = databaseAt(portOf(freed));
  await new Promise((resolve) => freed.close(resolve));
  silent = createTcpServer((socket) => {
    silentSockets.add(socket);
    socket.on("close", () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = databaseAt(portOf(silent));
  vi.stubEnv("NETLIFY_DB_URL", refusingUrl);
  vi.stubEnv("NETLIFY_DB_DRIVER", "server");
  vi.stubEnv("DATABASE_TIMEOUT_MS", "200");
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  pages = await pageServer((path) =>
    [
      "contact-us",
      "sign-up",
      "login",
      "forgot-password",
      "claim-account",
      "newsletter",
      "approve-payment",
    ].includes(path),
  );
});
afterAll(async () => {
  await closeDatabase();
  vi.unstubAllEnvs();
  broken.closeAllConnections();
  await new Promise((resolve) => broken.close(resolve));
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** A form opened a minute ago: its token is good. */
const token = () => issueFormToken(SECRET, new Date(Date.now() - 60_000));

/** What a stack trace or a server's file path would look like in an answer. */
const LEAK = /node_modules|\/var\/task|BlobsInternalError|ECONNREFUSED|127\.0\.0\.1|at .*:\d+:\d+/;

/**
 * Every failure is logged for the site's owners, once, in one line that names the request and not
 * what the visitor typed; the console is watched here instead of by the file's console check.
 */
function watchErrors() {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  return { lines: () => errors.mock.calls.map((call) => String(call[0])) };
}
afterEach(() => vi.restoreAllMocks());

type PublicForm = {
  page: string;
  /** What a visitor is told: nothing was done, try again. */
  unavailable: string;
  fields: () => Promise<Record<string, string | string[]>>;
  /** A field whose typed value must come back, and the value. */
  typed: [string, string];
};

const FORMS: PublicForm[] = [
  {
    page: "/contact-us",
    unavailable: contactForm.unavailable,
    fields: async () => ({
      first_name: "Meera",
      last_name: "Iyer",
      email: "meera@example.org",
      phone_number: "",
      message: "A question <about> fees",
      reference: "",
      form_token: await token(),
    }),
    typed: ["message", "A question <about> fees"],
  },
  {
    page: "/sign-up",
    unavailable: enrolmentForm.unavailable,
    fields: async () => ({
      membership: "1",
      name: "Ananya Bose",
      designation: "Professor of Plant Breeding",
      dob: "1979-02-14",
      gender: "Female",
      indianLanguages: ["Bengali", "English"],
      address: "Department of Genetics",
      country: "India",
      state: "West Bengal",
      city: "Kalyani",
      pincode: "741235",
      phone: "033 0000 0000",
      mobile: "90000 00042",
      email: "ananya@example.org",
      password: "Kharif-sowing-2291",
      confirmPassword: "Kharif-sowing-2291",
      author: "on",
      agreement: "on",
      areasOfInterest: "Jute genomics",
      reference: "",
      form_token: await token(),
    }),
    typed: ["areasOfInterest", "Jute genomics"],
  },
  {
    page: "/login",
    unavailable: loginForm.unavailable,
    fields: async () => ({ email: "meera@example.org", password: "Kharif-sowing-2291" }),
    typed: ["email", "meera@example.org"],
  },
  {
    page: "/forgot-password",
    unavailable: forgotPasswordForm.unavailable,
    fields: async () => ({ email: "meera@example.org" }),
    typed: ["email", "meera@example.org"],
  },
  {
    page: "/claim-account",
    unavailable: claimAccountForm.unavailable,
    fields: async () => ({ email: "aarav@example.org", memberNo: "L-0573" }),
    typed: ["memberNo", "L-0573"],
  },
  {
    page: "/newsletter",
    unavailable: subscribeForm.unavailable,
    fields: async () => ({ email: "reader@example.org", reference: "" }),
    typed: ["email", "reader@example.org"],
  },
];

/** The field named `name` of the form that posts to `page`, as the page shows it. */
function shownValue(document: Document, page: string, name: string) {
  const form = document.querySelector(`form[action="${page}"]`) ?? document.querySelector("main form");
  const field = form?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  return field?.value;
}

describe.each(FORMS)("$page while storage fails", (form) => {
  it("the page's script is told nothing was done, with Retry-After, what was typed kept", async () => {
    const errors = watchErrors();
    const response = await pages(scriptPostRequest(form.page, await form.fields()));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const { data } = await readData(response);
    expect(data).toMatchObject({
      ok: false,
      message: form.unavailable,
      values: { [form.typed[0]]: form.typed[1] },
    });
    expect(JSON.stringify(data)).not.toMatch(LEAK);
    expect(JSON.stringify(data)).not.toContain("Kharif-sowing-2291");
    expect(sent).toHaveLength(0);
    expect(errors.lines()).toEqual([expect.stringMatching(new RegExp(`^POST ${form.page}\\.data failed: `))]);
  });

  it("a plain post gets the page back at once (no store for Post/Redirect/Get), saying so, as typed", async () => {
    const errors = watchErrors();
    const response = await pages(formPostRequest(form.page, await form.fields()));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("set-cookie")).toBeNull();
    const { html, document } = await readPage(response);
    expect(document.body.textContent).toContain(form.unavailable);
    expect(shownValue(document, form.page, form.typed[0])).toBe(form.typed[1]);
    expect(html).not.toMatch(LEAK);
    // A password is never sent back, not even into its own field.
    expect(html).not.toContain("Kharif-sowing-2291");
    expect(sent).toHaveLength(0);
    expect(errors.lines()).toEqual([expect.stringMatching(new RegExp(`^POST ${form.page} failed: `))]);
    // The user's words are not in the log.
    expect(errors.lines().join("\n")).not.toContain(form.typed[1]);
  });
});

describe("a refused plain post while the flash store is down", () => {
  it("is answered at once with the page, each error beside its field and the rest as typed", async () => {
    const fields = { ...(await FORMS[0]?.fields()), email: "not an address" };
    const response = await pages(formPostRequest("/contact-us", fields));
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
    const { document } = await readPage(response);
    const email = document.querySelector<HTMLInputElement>('main input[name="email"]');
    expect(email?.value).toBe("not an address");
    expect(email?.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("email-error")?.textContent).toBe("Error: Enter a valid e-mail address");
    expect(shownValue(document, "/contact-us", "message")).toBe("A question <about> fees");
  });
});

describe("/approve-payment while storage fails", () => {
  const link = async () =>
    new URL(
      await approvalUrl("https://isgpb.example", SECRET, {
        account: "a".repeat(64),
        application: "EN-00AB12CD34",
      }),
    );

  it("the page's script is told nothing was recorded, the amount as typed kept", async () => {
    const errors = watchErrors();
    const { pathname, search } = await link();
    const response = await pages(
      scriptPostRequest(`${pathname}${search}`, { amount: "1,500", date: todayInIndia() }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const { data } = await readData(response);
    expect(data).toMatchObject({
      ok: false,
      message: paymentApprovalForm.unavailable,
      values: { amount: "1,500", date: todayInIndia() },
    });
    expect(sent).toHaveLength(0);
    expect(errors.lines()).toEqual([expect.stringMatching(/^POST \/approve-payment\.data failed: /)]);
  });

  // The page shows the application, read from storage: without it there is no page to give back,
  // and the amount typed is lost (the script's path above keeps it).
  it("a plain post gets the site's error page with 503 and Retry-After, no stack or path, nothing recorded", async () => {
    const errors = watchErrors();
    const { pathname, search } = await link();
    const response = await pages(
      formPostRequest(`${pathname}${search}`, { amount: "1,500", date: todayInIndia() }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const { html, document } = await readPage(response);
    expect(document.querySelector("main h1")?.textContent).toBe("Something went wrong");
    expect(html).not.toMatch(LEAK);
    expect(sent).toHaveLength(0);
    // The action's line, and the framework's for the page's loader that could not read the application.
    expect(errors.lines()).toEqual([
      expect.stringMatching(/^POST \/approve-payment failed: /),
      expect.any(String),
    ]);
  });
});

describe.each(FORMS)("$page while storage hangs", (form) => {
  // Each connection and query is given DATABASE_TIMEOUT_MS (each Blobs call BLOBS_TIMEOUT_MS;
  // 4 s unless set); the drivers alone would wait for as long as the server is silent, past the
  // function's time limit.
  beforeAll(() => {
    hanging = true;
    vi.stubEnv("BLOBS_TIMEOUT_MS", "200");
    vi.stubEnv("NETLIFY_DB_URL", silentUrl);
  });
  afterAll(() => {
    hanging = false;
    vi.stubEnv("BLOBS_TIMEOUT_MS", undefined);
    vi.stubEnv("NETLIFY_DB_URL", refusingUrl);
  });

  it("the page's script is told in time that nothing was done, what was typed kept", async () => {
    const errors = watchErrors();
    const response = await pages(scriptPostRequest(form.page, await form.fields()));
    expect(response.status).toBe(503);
    const { data } = await readData(response);
    expect(data).toMatchObject({
      ok: false,
      message: form.unavailable,
      values: { [form.typed[0]]: form.typed[1] },
    });
    expect(sent).toHaveLength(0);
    expect(errors.lines()).toEqual([
      expect.stringMatching(
        new RegExp(`^POST ${form.page}\\.data failed: .*(?:TimeLimitError|timeout)`, "i"),
      ),
    ]);
  });

  it("a plain post gets the page back in time, saying so, as typed", async () => {
    watchErrors();
    const response = await pages(formPostRequest(form.page, await form.fields()));
    expect(response.status).toBe(503);
    const { document } = await readPage(response);
    expect(document.body.textContent).toContain(form.unavailable);
    expect(shownValue(document, form.page, form.typed[0])).toBe(form.typed[1]);
  });
});
