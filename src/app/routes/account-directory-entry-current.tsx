import type { RouteHandle } from "#app/route-handle.ts";

/**
 * /account/directory-entry/current is the directory-entry page with the member's entry and hidden
 * details written in by the server, for a browser without JavaScript
 * (netlify/functions/directory-entry-page.ts). A browser that runs the script renders the
 * directory-entry page itself here.
 */
export const handle: RouteHandle = {
  meta: {
    title: "My Directory Entry",
    description: "Your entry in the member directory: what other members see, and corrections.",
    noindex: true,
  },
};

export { Component } from "./account-directory-entry.tsx";
