/**
 * The name of a member's session cookie. Shared with the edge function that sends a visitor with
 * no session to sign in (netlify/edge-functions/signed-out.ts), so it has no imports.
 */
export const SESSION_COOKIE = "__Host-isgpb_session";
