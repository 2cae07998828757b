import { signingSecret } from "../env.server.ts";
import { issueFormToken } from "./form-guard.server.ts";

/**
 * A fresh form token for a page with a protected form, as its loader's data: the page is rendered
 * for each visit (never prerendered, never cached), so every visit, with or without JavaScript,
 * gets a token of its own, and the minimum fill time is measured from the page's own render.
 */
export const freshFormToken = (): Promise<string> => issueFormToken(signingSecret());
