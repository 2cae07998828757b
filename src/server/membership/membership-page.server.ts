import { MEMBERSHIP_PANEL_ID } from "#shared/api/membership.ts";
import { fillPart, prerenderedPage } from "../account/signed-in-page.server.ts";

/** The prerendered account page, shipped with the function (netlify.toml's included_files). */
export const accountShell = (root?: string) => prerenderedPage("dist/account/index.html", root);

/** The account page with the membership part filled in, for a browser without JavaScript. */
export const fillAccountPage = (page: string, panelHtml: string): string =>
  fillPart(page, MEMBERSHIP_PANEL_ID, panelHtml, "membership-title");
