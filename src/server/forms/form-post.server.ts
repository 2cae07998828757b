import { formFieldsOf } from "#shared/form-guard.ts";
import type { FieldErrors, FieldRules } from "#shared/forms/field-rules.ts";
import { declaredFields, fieldErrors } from "#shared/schemas/fields.ts";
import type { z } from "#shared/zod.ts";
import { signingSecret } from "../env.server.ts";
import { logFailure } from "../http/endpoint.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { RETRY_AFTER_SECONDS } from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { screenHoneypot, screenSubmission } from "../spam/form-guard.server.ts";
import { claimFormToken, releaseFormToken } from "../spam/used-tokens.server.ts";
import { quarantineSubmission } from "../submissions.server.ts";

/** What a form's handler decides; the page's action (pageForm) turns it into the answer. */
export type FormAnswer =
  | {
      ok: true;
      /** Where the page goes next (303). */
      redirect: string;
      /** The sentence a form that stays where it is shows (the Subscribe box). */
      message?: string;
      headers?: Record<string, string>;
    }
  | {
      ok: false;
      status: number;
      error: string;
      fields?: FieldErrors;
      headers?: Record<string, string>;
      /** The page goes here (303) instead of showing the refusal (sign in first, say). */
      redirect?: string;
    };

/**
 * The largest body a form with free text may send: every field full, in a script of three UTF-8
 * bytes a character (Devanagari, Tamil, Bengali), each byte percent-encoded, so 9 bytes a
 * character; plus `room` for the fields' names, the spam guard's token and a list's choices. Any
 * text a field takes then fits, whatever its language.
 */
export const bodyLimitFor = (rules: FieldRules, room = 4096) =>
  Object.values(rules).reduce((bytes, rule) => bytes + rule.max * 9, room);

/** The request a handler works for: the visitor's network address (throttles), and the request. */
export type FormRequest = { request: Request; ip: string };

export type FormSpec<S extends z.ZodType> = {
  /** The form's name on its page (a page may hold several): its refusals are its own. */
  name: string;
  schema: S;
  /** The largest body read; a form with free text takes it from its fields (bodyLimitFor). */
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
  /** The form sends a file (multipart/form-data): each file's field is its text. */
  files?: boolean;
  /** Fields never sent back to be shown again (passwords). */
  secretFields?: readonly string[];
  /** The sentence over the field errors; the default suits most forms. */
  invalid?: string;
  /** What a visitor is told when storage fails: that nothing was sent, and to try again. */
  unavailable: string;
  handle: (data: z.output<S>, request: FormRequest) => Promise<FormAnswer>;
};

export const INVALID = "Please correct the highlighted fields.";

/**
 * A form received: the handler's answer with what was typed, or a ready answer to a bad request.
 * `token`: the post's form token when a refusal left it unused, for its page to hand back.
 */
export type Received =
  | { answer: FormAnswer; input: Record<string, unknown>; isForm: boolean; token?: string }
  | { response: Response };

/**
 * The one way a form is received, in an order no form can skip: same-origin check, body size and
 * type, a prototype-free body, the spam screen, the schema, then the form's handler. A storage
 * failure is answered 503 with Retry-After, and a claimed form token is given back.
 */
export async function receiveForm<S extends z.ZodType>(
  spec: FormSpec<S>,
  { request, ip }: FormRequest,
): Promise<Received> {
  const refusal = crossSiteRefusal(request);
  if (refusal) return { response: refusal };
  const body = await readFormBody(request, spec.maxBytes, { files: spec.files === true });
  if (body instanceof Response) return { response: body };
  const { input, isForm } = body;
  const answered = (answer: FormAnswer, token?: string): Received => ({
    answer,
    input,
    isForm,
    ...(token && { token }),
  });

  const fields = formFieldsOf(input, false);
  const screened = !spec.guard
    ? { fields, suspicion: null }
    : spec.guard.screen === "token"
      ? await screenSubmission(fields, signingSecret())
      : screenHoneypot(fields);
  const parsed = spec.schema.safeParse(screened.fields);
  if (!parsed.success)
    return answered(
      {
        ok: false,
        status: 400,
        error: spec.invalid ?? INVALID,
        // In the order of the page's fields, which the error summary follows.
        fields: fieldErrors(parsed.error, declaredFields(spec.schema)),
      },
      // Not claimed: the corrected form may send it again.
      "token" in screened ? screened.token : undefined,
    );

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
      return answered(spec.guard.disguise(id, parsed.data));
    }
    return answered(await spec.handle(parsed.data, { request, ip }));
  } catch (error) {
    logFailure(request, error);
    const released =
      claimed &&
      (await releaseFormToken(input).then(
        () => true,
        () => false,
      ));
    return answered(
      {
        ok: false,
        status: 503,
        error: spec.unavailable,
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
      },
      released && "token" in screened ? screened.token : undefined,
    );
  }
}

/** What was typed into this form, as it may be shown again: no guard's field, no secret, text only. */
export function typedValues<S extends z.ZodType>(
  spec: Pick<FormSpec<S>, "guard" | "secretFields">,
  input: Record<string, unknown>,
): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(formFieldsOf(input, spec.guard !== undefined))) {
    if (spec.secretFields?.includes(name)) continue;
    if (typeof value === "string") values[name] = value;
    else if (Array.isArray(value)) values[name] = value.filter((item) => typeof item === "string");
  }
  return values;
}
