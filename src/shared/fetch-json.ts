/**
 * GET a JSON answer from one of our functions. A failure throws an Error whose message is the
 * service's own (`{ error }` in the body) or, without one, the request's generic message.
 */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = (body as { error?: unknown } | null)?.error;
    throw new Error(
      typeof message === "string" && message ? message : `Request failed with status code ${response.status}`,
    );
  }
  return (await response.json()) as T;
}
