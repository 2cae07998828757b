import { html } from "../http/responses.server.ts";

/**
 * A rendered e-mail shown inside the workspace, in an <iframe sandbox> of its own answer: the
 * mail's inline styles are allowed there and nothing else is (no script, no fetch, no form, no
 * framing by another site), so a mail can never act inside the workspace.
 */
export const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

export const mailFrame = (mailHtml: string) =>
  html(mailHtml, 200, {
    "Content-Security-Policy": MAIL_FRAME_CSP,
    "X-Frame-Options": "SAMEORIGIN",
    Vary: "Cookie",
  });
