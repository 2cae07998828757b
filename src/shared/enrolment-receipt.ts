/**
 * The application id in the enrolment page's receipt. Shared by the page, which renders the
 * placeholder, and the edge function, which replaces it (so it imports nothing: it runs on Deno).
 */
export const APPLICATION_ID_PATTERN = /^EN-[0-9A-F]{10}$/;
export const APPLICATION_ID_PLACEHOLDER = "in the e-mail we sent you";
const SLOT = `<strong data-application-id="">${APPLICATION_ID_PLACEHOLDER}</strong>`;

/** The page's HTML with the id in its slot; anything but a well-formed id leaves it unchanged. */
export function stampApplicationId(html: string, id: string): string {
  if (!APPLICATION_ID_PATTERN.test(id)) return html;
  return html.replace(SLOT, `<strong data-application-id="">${id}</strong>`);
}
