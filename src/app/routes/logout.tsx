import { redirect } from "react-router";
import { logoutForm } from "#server/account/logout-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";

/** The Sign out buttons post here; it is no page: it ends the session and goes to the login page. */
export const action = pageForm(logoutForm);

/**
 * The address opened or typed: signing out changes state, so only a POST does it. The sign-in page
 * offers the Sign out button to whoever is signed in.
 */
export function loader() {
  throw redirect("/login", 303);
}
