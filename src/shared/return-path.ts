/**
 * Where sign-in sends a member afterwards (`/login?next=…`): a path on this site only. The login
 * page reads it, its form carries it, and the signed-in pages and functions that send a visitor to
 * sign in write it.
 */

/** A path long enough for any page of ours with its search; anything longer is refused. */
const MAX_LENGTH = 512;

/**
 * `value` when it is a path on this site (starts with one slash, and stays on the same origin once
 * a browser resolves it), else null. Refuses absolute URLs (`https://…`, `javascript:`),
 * protocol-relative ones (`//evil.example`, `/\evil.example`, which browsers read as `//`), and any
 * control character or backslash, which browsers may drop or turn into a slash. The path is checked
 * again once its dot segments are resolved: `/.//evil.example` becomes `//evil.example`, which a
 * browser given it as a `Location` reads as another host.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  const base = "https://return.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that sends the member back to `path` afterwards. */
export const loginReturningTo = (path: string) => `/login?next=${encodeURIComponent(path)}`;

/**
 * Pages a member should not be sent back to after signing in: the home page (signing in leads to
 * the account), and the steps of signing in, out, up and of recovering an account.
 */
const NO_RETURN = new Set([
  "/",
  "/login",
  "/logout",
  "/sign-up",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/account-closed",
]);

/**
 * The Sign In link of a page at `pathname` (with its `search`): back to that page afterwards, where
 * it helps. Never with a link's token (an approval or newsletter link), which would then travel in
 * the login page's address.
 */
export const signInFrom = (pathname: string, search = "") =>
  NO_RETURN.has(pathname) || new URLSearchParams(search).has("token")
    ? "/login"
    : loginReturningTo(`${pathname}${search}`);

/** The field that carries it in the login form. */
export const RETURN_FIELD = "next";
