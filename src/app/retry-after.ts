/**
 * The `headers` of a route whose form may be throttled (a 429): the action's Retry-After reaches the
 * answer, which the framework otherwise drops (of an action's headers it keeps only cookies), so a
 * script posting to the page is told when to come back, as the sentence beside the field says.
 */
export function retryAfterHeaders({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const wait = actionHeaders.get("Retry-After");
  if (wait) headers.set("Retry-After", wait);
  return headers;
}
