import type { Context } from "@netlify/functions";
import type { z } from "../../shared/zod.ts";
import type { Handler } from "../http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { type FormSpec, receiveForm } from "./form-post.server.ts";

/**
 * A form as a JSON endpoint (netlify/functions): the same spec its page's action uses, answered
 * with JSON. A plain form post (form-urlencoded: a page saved before the forms moved to their
 * pages' actions) is passed on unread to the form's page with 307, which keeps the method and the
 * body, so the page's action answers it as it answers its own form.
 */
export function apiForm<S extends z.ZodType>(spec: FormSpec<S>): Handler {
  return async (request: Request, context: Context) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type === "application/x-www-form-urlencoded")
      return new Response(null, { status: 307, headers: { Location: spec.page, ...NO_STORE } });
    const received = await receiveForm(spec, { request, ip: context.ip || "unknown" });
    if ("response" in received) return received.response;
    const { answer } = received;
    if (answer.ok) return json(answer.body, 200, { ...NO_STORE, ...answer.headers });
    if (answer.body)
      return json({ ...answer.body, error: answer.error }, answer.status, { ...NO_STORE, ...answer.headers });
    return errorJson(answer.status, answer.error, answer.headers, answer.fields);
  };
}
