import { logoutForm } from "#server/account/logout-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";

/** The Sign out buttons post here; it is no page: it ends the session and goes to the login page. */
export const action = pageForm(logoutForm);
