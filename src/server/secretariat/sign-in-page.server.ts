import { html, PAGE_HEADERS } from "../http/responses.server.ts";
import { flashFrom } from "./flash.server.ts";
import { markup } from "./markup.server.ts";
import { barePage } from "./shell.server.ts";

export const SIGN_IN_PAGE = "/secretariat/sign-in";
export const PASSWORD_LINK_ACTION = "/api/secretariat/password-link";

/**
 * The workspace's way in, open to anyone: how to sign in, and the form that mails a listed
 * address its set-your-password link (the same answer for every address).
 */
export function signInPage(url: URL, status = 200): Response {
  const flash = flashFrom(url);
  const body = markup`<p>The secretariat signs in on the site's <a href="/login">login page</a> with its workspace address and password, and lands in the workspace.</p>
${flash ? markup`<p class="ws-flash ws-flash-done" role="status">${flash.text}</p>` : ""}
<h2>First time, or forgotten password?</h2>
<p>Enter a secretariat address and we will e-mail it a link to set its password.</p>
<form method="post" action="${PASSWORD_LINK_ACTION}" class="ws-form" novalidate>
<div class="field"><label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254"></div>
<button type="submit">E-mail me a link</button>
</form>`;
  return html(barePage("Secretariat sign-in", body).value, status, PAGE_HEADERS);
}
