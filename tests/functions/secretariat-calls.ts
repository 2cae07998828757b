import type { Context } from "@netlify/functions";
import applicationsFunction from "../../netlify/functions/secretariat-applications.ts";
import exportFunction from "../../netlify/functions/secretariat-export.ts";
import heldFunction from "../../netlify/functions/secretariat-held.ts";
import messagesFunction from "../../netlify/functions/secretariat-messages.ts";
import newsletterFunction from "../../netlify/functions/secretariat-newsletter.ts";
import pagesFunction from "../../netlify/functions/secretariat-pages.ts";
import { pageRequest } from "../support/secretariat.ts";

type Call = {
  name: string;
  handler: (request: Request, context?: Context) => Promise<Response>;
  request: (cookie: string | undefined, accept: string) => Request;
  params?: Record<string, string>;
};

/** An application's key: the member's own, so a refusal is seen to reveal nothing of it. */
const KEY = "0".repeat(64);

const get = (path: string) => (cookie: string | undefined, accept: string) =>
  pageRequest(path, cookie, { headers: { accept } });

const post =
  (path: string, fields: Record<string, string> = {}) =>
  (cookie: string | undefined, accept: string) =>
    pageRequest(path, cookie, {
      method: "POST",
      headers: {
        accept,
        "content-type": accept === "text/html" ? "application/x-www-form-urlencoded" : "application/json",
      },
      body: accept === "text/html" ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
    });

/** Every secretariat page and API, as a visitor or a member would call it (the role test's list). */
export const SECRETARIAT_CALLS: Call[] = [
  { name: "GET /secretariat", handler: pagesFunction, request: get("/secretariat") },
  {
    name: "GET /secretariat/applications",
    handler: pagesFunction,
    request: get("/secretariat/applications"),
  },
  { name: "GET /secretariat/held", handler: pagesFunction, request: get("/secretariat/held") },
  { name: "GET /secretariat/audit", handler: pagesFunction, request: get("/secretariat/audit") },
  {
    name: "GET /api/secretariat/applications",
    handler: applicationsFunction,
    request: get("/api/secretariat/applications"),
  },
  {
    name: "GET /api/secretariat/applications/<key>",
    handler: applicationsFunction,
    request: get(`/api/secretariat/applications/${KEY}`),
  },
  {
    name: "POST …/payment",
    handler: applicationsFunction,
    request: post(`/api/secretariat/applications/${KEY}/payment`, {
      amount: "1",
      date: "2025-01-01",
      bankReference: "x",
    }),
  },
  {
    name: "POST …/record-payment",
    handler: applicationsFunction,
    request: post(`/api/secretariat/applications/${KEY}/record-payment`, {
      reference: "ISGPB-M-0000000000-2025-26",
      amount: "1",
      date: "2025-01-01",
      bankReference: "x",
    }),
  },
  {
    name: "POST …/reject",
    handler: applicationsFunction,
    request: post(`/api/secretariat/applications/${KEY}/reject`, { reason: "x", confirm: "yes" }),
  },
  {
    name: "POST …/reopen",
    handler: applicationsFunction,
    request: post(`/api/secretariat/applications/${KEY}/reopen`),
  },
  {
    name: "POST held release",
    handler: heldFunction,
    request: post(`/api/secretariat/held/contact/${"0".repeat(32)}/release`),
  },
  {
    name: "POST held delete",
    handler: heldFunction,
    request: post(`/api/secretariat/held/contact/${"0".repeat(32)}/delete`),
  },
  { name: "GET /secretariat/messages", handler: pagesFunction, request: get("/secretariat/messages") },
  {
    name: "POST message resend",
    handler: messagesFunction,
    request: post(`/api/secretariat/messages/contact/${"0".repeat(32)}/resend`),
  },
  { name: "GET /secretariat/newsletter", handler: pagesFunction, request: get("/secretariat/newsletter") },
  { name: "GET /secretariat/mails", handler: pagesFunction, request: get("/secretariat/mails") },
  {
    name: "GET /secretariat/mails/contact-to-secretariat/html",
    handler: pagesFunction,
    request: get("/secretariat/mails/contact-to-secretariat/html"),
  },
  { name: "GET /secretariat/export", handler: pagesFunction, request: get("/secretariat/export") },
  {
    name: "GET /api/secretariat/export/members.csv",
    handler: exportFunction,
    request: get("/api/secretariat/export/members.csv?from=2020-04-01&to=2025-03-31"),
  },
  {
    name: "GET /api/secretariat/newsletter/subscribers.csv",
    handler: newsletterFunction,
    request: get("/api/secretariat/newsletter/subscribers.csv"),
  },
  {
    name: "POST /api/secretariat/newsletter/compose",
    handler: newsletterFunction,
    request: post("/api/secretariat/newsletter/compose", { subject: "Hello", text: "Text" }),
  },
  {
    name: "POST /api/secretariat/newsletter/test",
    handler: newsletterFunction,
    request: post("/api/secretariat/newsletter/test", { issue: "0123456789abcdef0123" }),
  },
  {
    name: "POST /api/secretariat/newsletter/send",
    handler: newsletterFunction,
    request: post("/api/secretariat/newsletter/send", { issue: "0123456789abcdef0123" }),
  },
];
