/**
 * The name of a member's session cookie: the sessions' code sets and reads it, and the search page
 * names it in the CDN's cache key.
 */
export const SESSION_COOKIE = "__Host-isgpb_session";
