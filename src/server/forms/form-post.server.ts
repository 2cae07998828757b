import type { Context } from "@netlify/functions";
import { withoutGuardFields } from "../../shared/form-guard.ts";
import type { FieldErrors } from "../../shared/forms/field-rules.ts";
import { fieldErrors } from "../../shared/schemas/fields.ts";
import type { z } from "../../shared/zod.ts";
import { signingSecret } from "../env.server.ts";
import { type Handler, logFailure } from "../http/endpoint.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import {
  errorJson,
  html,
  json,
  NO_STORE,
  PAGE_HEADERS,
  RETRY_AFTER_SECONDS,
  seeOther,
} from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { screenHoneypot, screenSubmission } from "../spam/form-guard.server.ts";
import { claimFormToken, releaseFormToken } from "../spam/used-tokens.server.ts";
import { quarantineSubmission } from "../submissions.server.ts";
import { fillForm } from "./fill-form.server.ts";
import { refusalPage } from "./refusal-page.server.ts";

/** What a form's handler decides; the pipeline turns it into JSON or, for a plain post, a page. */
export type FormAnswer =
  | {
      ok: true;
      /** The JSON answer to a script. */
      body: Record<string, unknown>;
      /** Where a plain post goes next (303). */
      redirect: string;
      headers?: Record<string, string>;
    }
  | {
      ok: false;
      status: number;
      error: string;
      fields?: FieldErrors;
      headers?: Record<string, string>;
      /** A plain post goes here (303) instead of getting its page back filled in. */
      redirect?: string;
    };

export type FormRequest = { request: Request; context: Context; isForm: boolean };

export type FormSpec<S extends z.ZodType> = {
  /** The form's own address (its `action`) and the page it lives on. */
  action: string;
  page: string;
  schema: S;
  maxBytes: number;
  /**
   * The spam guard, for a form that has one: "token" (honeypot + a signed form token, good for one
   * submission) or "honeypot". A suspect submission is quarantined as `kind` and answered as
   * `disguise` says, exactly like an accepted one.
   */
  guard?: {
    screen: "token" | "honeypot";
    kind: string;
    /** What is kept of a suspect submission (never a password). */
    keep?: (data: z.output<S>) => unknown;
    disguise: (id: string, data: z.output<S>) => FormAnswer;
  };
  /** Fields never written back into a page (passwords). */
  secretFields?: readonly string[];
  /** The sentence over the field errors; the default suits most forms. */
  invalid?: string;
  /** What a visitor is told when storage fails: that nothing was sent, and to try again. */
  unavailable: string;
  handle: (data: z.output<S>, request: FormRequest) => Promise<FormAnswer>;
  /**
   * For a form whose page a function renders (the secretariat's workspace, behind a session):
   * the refused page made here, for `fillForm` to fill, instead of fetched from the site.
   */
  renderPage?: (request: Request) => Promise<string>;
};

export const INVALID = "Please correct the highlighted fields.";

/**
 * The one way a form is received, in an order no form can skip: same-origin check, body size and
 * type, a prototype-free body, the spam screen, the schema, then the form's handler. A script gets
 * JSON; a plain post gets a redirect, or its page back filled in with the errors beside the fields.
 * A storage failure is answered 503 with Retry-After and, for a plain post, the page kept as typed.
 */
export function formPost<S extends z.ZodType>(spec: FormSpec<S>): Handler {
  return async (request, context) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const body = await readFormBody(request, spec.maxBytes);
    if (body instanceof Response) return body;
    const { input, isForm } = body;
    const answer = (outcome: FormAnswer) => respond(spec, outcome, request, isForm, input);

    const screened = !spec.guard
      ? { fields: input, suspicion: null }
      : spec.guard.screen === "token"
        ? await screenSubmission(input, signingSecret())
        : screenHoneypot(input);
    const parsed = spec.schema.safeParse(screened.fields);
    if (!parsed.success)
      return answer({
        ok: false,
        status: 400,
        error: spec.invalid ?? INVALID,
        fields: fieldErrors(parsed.error),
      });

    let claimed = false;
    try {
      let suspicion = screened.suspicion;
      if (!suspicion && spec.guard?.screen === "token") {
        claimed = await claimFormToken(input);
        if (!claimed) suspicion = "the form token was already used for another submission";
      }
      if (suspicion && spec.guard) {
        const kept = spec.guard.keep ? spec.guard.keep(parsed.data) : parsed.data;
        const { id } = await quarantineSubmission(spec.guard.kind, kept, suspicion);
        return answer(spec.guard.disguise(id, parsed.data));
      }
      return answer(await spec.handle(parsed.data, { request, context, isForm }));
    } catch (error) {
      logFailure(request, error);
      if (claimed) await releaseFormToken(input).catch(() => {});
      return answer({
        ok: false,
        status: 503,
        error: spec.unavailable,
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
      });
    }
  };
}

function respond<S extends z.ZodType>(
  spec: FormSpec<S>,
  outcome: FormAnswer,
  request: Request,
  isForm: boolean,
  input: Record<string, unknown>,
): Response | Promise<Response> {
  if (!isForm) {
    if (outcome.ok) return json(outcome.body, 200, { ...NO_STORE, ...outcome.headers });
    return errorJson(outcome.status, outcome.error, outcome.headers, outcome.fields);
  }
  if (outcome.ok || outcome.redirect) return seeOther(outcome.redirect ?? spec.page, outcome.headers);
  const state = {
    action: spec.action,
    values: withoutGuardFields(input),
    errors: outcome.fields ?? {},
    message: outcome.error,
  };
  if (spec.renderPage)
    return spec.renderPage(request).then((page) =>
      html(fillForm(page, state, spec.secretFields ?? []) ?? page, outcome.status, {
        ...PAGE_HEADERS,
        ...outcome.headers,
      }),
    );
  return refusalPage(request, spec.page, state, outcome.status, spec.secretFields ?? [], outcome.headers);
}
