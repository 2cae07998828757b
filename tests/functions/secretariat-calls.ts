import type { Context } from "@netlify/functions";
import exportFunction from "../../netlify/functions/secretariat-export.ts";
import newsletterFunction from "../../netlify/functions/secretariat-newsletter.ts";
import { formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

type Handler = (request: Request, context?: Context) => Promise<Response>;

type Call = {
  name: string;
  /** A page (the framework's handler: an HTML page, a page's data, or a frame's answer) or a download. */
  kind: "page" | "api";
  handler: Handler;
  request: (cookie: string | undefined) => Request;
};

/** An application's key: the member's own, so a refusal is seen to reveal nothing of it. */
const KEY = "0".repeat(64);
const HELD = `kind=contact&id=${"0".repeat(32)}`;

const get =
  (path: string, accept = "text/html") =>
  (cookie: string | undefined) =>
    pageRequest(path, cookie, { headers: { accept } });

const post =
  (path: string, fields: Record<string, string> = {}) =>
  (cookie: string | undefined) =>
    formPostRequest(path, fields, cookie);

const postByScript =
  (path: string, fields: Record<string, string> = {}) =>
  (cookie: string | undefined) =>
    scriptPostRequest(path, fields, cookie);

const payment = { amount: "1", date: "2025-01-01", bankReference: "x" };
const later = { reference: "ISGPB-M-0000000000-2025-26", ...payment };

/**
 * Every secretariat page, form and download, as a visitor or a member would call it (the role
 * test's list): each page as a document and as the data a client-side navigation asks for
 * (`.data`), each form posted plainly and by the page's script.
 */
export function secretariatCalls(pages: Handler): Call[] {
  const page = (path: string): Call[] => {
    const [pathname, search] = path.split("?");
    const data = `${pathname}.data${search ? `?${search}` : ""}`;
    return [
      { name: `GET ${path}`, kind: "page", handler: pages, request: get(path) },
      { name: `GET ${data}`, kind: "page", handler: pages, request: get(data, "*/*") },
    ];
  };
  const form = (path: string, fields: Record<string, string> = {}): Call[] => [
    { name: `POST ${path}`, kind: "page", handler: pages, request: post(path, fields) },
    { name: `POST ${path} (script)`, kind: "page", handler: pages, request: postByScript(path, fields) },
  ];
  const api = (name: string, handler: Handler, request: Call["request"]): Call => ({
    name,
    kind: "api",
    handler,
    request,
  });
  return [
    ...page("/secretariat"),
    ...page("/secretariat/applications"),
    ...page(`/secretariat/applications/${KEY}`),
    ...page("/secretariat/register"),
    ...page("/secretariat/register/merge?keep=L-0001&merge=x%40example.org"),
    ...page("/secretariat/messages"),
    ...page("/secretariat/held"),
    ...page("/secretariat/newsletter"),
    ...page("/secretariat/newsletter/0123456789abcdef0123"),
    ...page("/secretariat/export"),
    ...page("/secretariat/mails"),
    ...page("/secretariat/mails/contact-to-secretariat"),
    ...page("/secretariat/audit"),
    ...page("/secretariat/no-such-page"),
    {
      name: "GET mail frame",
      kind: "page",
      handler: pages,
      request: get("/secretariat/mails/contact-to-secretariat/html"),
    },
    ...page("/secretariat/preview?path=/about-us"),
    {
      name: "GET the preview's frame",
      kind: "page",
      handler: pages,
      request: get("/secretariat/preview/frame?path=/about-us"),
    },
    {
      name: "GET issue frame",
      kind: "page",
      handler: pages,
      request: get("/secretariat/newsletter/0123456789abcdef0123/html"),
    },
    ...form(`/secretariat/applications/${KEY}?do=payment`, payment),
    ...form(`/secretariat/applications/${KEY}?do=record-payment`, later),
    ...form(`/secretariat/applications/${KEY}?do=reject`, { reason: "x", confirm: "yes" }),
    ...form(`/secretariat/applications/${KEY}?do=reopen`),
    ...form("/secretariat/register?do=preview", { file: "MEMBER NO,NAME\n" }),
    ...form("/secretariat/register?do=apply", { digest: "0".repeat(64), plan: "0".repeat(64) }),
    ...form("/secretariat/register/merge?do=merge", { keep: KEY, merge: KEY, confirm: "yes" }),
    ...form(`/secretariat/held?do=release&${HELD}`),
    ...form(`/secretariat/held?do=delete&${HELD}`),
    ...form(`/secretariat/messages?do=resend&${HELD}`),
    ...form("/secretariat/newsletter", { subject: "Hello", text: "Text" }),
    ...form("/secretariat/newsletter/0123456789abcdef0123?do=test", { issue: "0123456789abcdef0123" }),
    ...form("/secretariat/newsletter/0123456789abcdef0123?do=send", {
      issue: "0123456789abcdef0123",
      confirm: "yes",
    }),
    api(
      "GET /api/secretariat/export/members.csv",
      exportFunction,
      get("/api/secretariat/export/members.csv?from=2020-04-01&to=2025-03-31"),
    ),
    api(
      "GET /api/secretariat/export/changes.csv",
      exportFunction,
      get("/api/secretariat/export/changes.csv?since=2025-04-01"),
    ),
    api("GET subscribers.csv", newsletterFunction, get("/api/secretariat/newsletter/subscribers.csv")),
  ];
}
