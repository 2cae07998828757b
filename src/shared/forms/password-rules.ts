/**
 * How long a member's password may be: the forms' own checks and the servers' schemas. Counted in
 * characters as the person typing sees them (grapheme clusters: an emoji, a flag or an accented
 * letter is one), never in bytes or UTF-16 code units, so 70 emoji are 70 characters and pass
 * (NIST SP 800-63B: at least 64 allowed, any Unicode). Hashing is scrypt over the UTF-8 bytes of the
 * password composed to NFC (account/password.server.ts), which takes any length.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The most UTF-16 code units a password field takes (an input's `maxLength` counts those): room for
 * PASSWORD_MAX characters of up to 8 units each (a family emoji is 11, rarely typed 128 times), and a
 * bound on what one request makes the server hash.
 */
export const PASSWORD_MAX_UNITS = 1024;

const graphemes =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("en", { granularity: "grapheme" })
    : null;

/** A password's length in characters as a person counts them (code points where Intl.Segmenter is missing). */
export function passwordLength(password: string): number {
  const composed = password.normalize("NFC");
  if (!graphemes) return [...composed].length;
  let count = 0;
  for (const _ of graphemes.segment(composed)) count++;
  return count;
}
