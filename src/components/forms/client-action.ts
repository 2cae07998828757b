import { type ClientActionFunctionArgs, isRouteErrorResponse } from "react-router";
import type { FormRefusal } from "#shared/forms/form-result.ts";

export const UNREACHABLE = "We could not reach the website. Please check your connection and try again.";
const TOO_MANY = "Too many attempts from your network just now. Please wait a minute and try again.";

const refusal = (message: string): FormRefusal => ({ ok: false, form: "", message, errors: {} });

/**
 * A page's forms post through this with JavaScript (each form route exports it as its
 * `clientAction`): the route's own action on the server, but a site that cannot be reached, or a
 * platform's rate limit, becomes a sentence beside the form, not the page's error screen.
 */
export async function postToServer({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return refusal(UNREACHABLE);
    if (isRouteErrorResponse(error) && error.status === 429) return refusal(TOO_MANY);
    throw error;
  }
}
