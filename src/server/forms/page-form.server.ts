import { type ActionFunctionArgs, data, redirect } from "react-router";
import type { FormRefusal, FormResult } from "#shared/forms/form-result.ts";
import { errorSummaryId } from "#shared/forms/refused-page.ts";
import type { z } from "#shared/zod.ts";
import { clientIp } from "../http/netlify-context.server.ts";
import { allowedMethodsContext } from "../http/page-headers.server.ts";
import { flashContext, stashRefusal } from "./form-flash.server.ts";
import { type FormAnswer, type FormSpec, receiveForm, typedValues } from "./form-post.server.ts";

type Options = {
  /**
   * A form that stays where it is when it is done (the footer's Subscribe box): a script is told
   * so, and only a plain post is sent on to the answer's page.
   */
  stays?: boolean;
};

/**
 * A browser's plain form post (no script): it will render whatever comes back as the page. The
 * page's script posts to the route's data address instead (`/login.data`), which the framework
 * answers with data, never HTML; the request keeps that address (the action's `url` is the one
 * with it removed). Fetch Metadata would say the same, but Safari before 16.4 and older Firefox
 * do not send it, and their plain posts must come back as typed too.
 */
const isPlainPost = (request: Request) => !new URL(request.url).pathname.endsWith(".data");

/**
 * A form as its page's route action: the one way a page's form is answered, with or without
 * JavaScript. Done: 303 to the page that says so. Refused: a script (the page's fetcher) gets the
 * refusal as data, each error beside its field; a plain post is sent back to its page with the
 * refusal kept for that page's GET (form-flash.server.ts), so reloading never posts it again, and
 * to the refusal's summary on it: a browser follows a redirect's fragment, so a phone shows the
 * summary first instead of the page's top, a screen or more above it.
 */
export function pageForm<S extends z.ZodType>(spec: FormSpec<S>, options: Options = {}) {
  return async ({ request, context }: ActionFunctionArgs) => {
    // The framework hands a route's action every method but GET and HEAD; a form is only posted.
    // (Of the headers an action throws, the framework passes on only cookies: pageHeaders writes Allow.)
    if (request.method !== "POST") {
      context.set(allowedMethodsContext, "GET, HEAD, POST");
      throw data(null, { status: 405 });
    }
    const received = await receiveForm(spec, { request, ip: clientIp(context) });
    if ("response" in received) {
      // Refused before it was read (another site, too large, not a form): nothing typed to show
      // again, but a browser without a script shows the page, so it says why (nothing is stored
      // for a post this early: another site could send them by the thousand).
      const answer = (await received.response.json().catch(() => null)) as { error?: string } | null;
      const refusal = refusalOf(spec, {
        ok: false,
        status: received.response.status,
        error: answer?.error ?? "",
      });
      if (isPlainPost(request)) context.set(flashContext, refusal);
      return data<FormResult>(refusal, { status: received.response.status });
    }
    const { answer, input } = received;
    if (answer.ok) {
      if (options.stays && !isPlainPost(request))
        return data<FormResult>(
          { ok: true, form: spec.name, message: answer.message ?? "" },
          { headers: answer.headers },
        );
      return redirect(answer.redirect, { status: 303, headers: answer.headers });
    }
    if (answer.redirect) return redirect(answer.redirect, { status: 303, headers: answer.headers });
    const refusal = refusalOf(spec, answer, typedValues(spec, input), received.token);
    if (isPlainPost(request)) {
      const url = new URL(request.url);
      const setCookie = await stashRefusal(refusal, url.pathname).catch(() => null);
      if (setCookie) {
        const headers = new Headers(answer.headers);
        headers.append("Set-Cookie", setCookie);
        return redirect(`${url.pathname}${url.search}#${errorSummaryId(spec.name)}`, {
          status: 303,
          headers,
        });
      }
      // Without the store the page is answered at once instead, the refusal handed to it as a
      // flashed one is (the root's data), so it still shows what was typed and why.
      context.set(flashContext, refusal);
    }
    return data<FormResult>(refusal, { status: answer.status, headers: answer.headers });
  };
}

function refusalOf<S extends z.ZodType>(
  spec: FormSpec<S>,
  answer: Extract<FormAnswer, { ok: false }>,
  values?: Record<string, string | string[]>,
  formToken?: string,
): FormRefusal {
  return {
    ok: false,
    form: spec.name,
    message: answer.error,
    errors: answer.fields ?? {},
    ...(values && { values }),
    ...(formToken && { formToken }),
  };
}
