import type { RouteHandle } from "#app/route-handle.ts";

/**
 * /account/membership is the account page with its membership part written in by the server, for
 * a browser without JavaScript (netlify/functions/membership-page.ts). A browser that runs the
 * script renders the account page itself here.
 */
export const handle: RouteHandle = {
  meta: {
    title: "Your Account",
    description: "Your membership of the Indian Society of Genetics and Plant Breeding and what to pay next.",
    noindex: true,
  },
};

export { Component } from "./account.tsx";
