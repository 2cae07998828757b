import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { AccountAnswer, SessionAnswer } from "#shared/api/account.ts";

/** Who the visitor is: known from the server's page, or asked of /api/session on a prerendered one. */
export type SessionState =
  | { kind: "unknown" }
  | { kind: "signed-out" }
  | { kind: "signed-in"; account: AccountAnswer }
  | { kind: "failed" };

const UNKNOWN: SessionState = { kind: "unknown" };
let asked: SessionState = UNKNOWN;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  asked = next;
  for (const listener of listeners) listener();
}

const fromAnswer = (answer: SessionAnswer): SessionState =>
  answer.signedIn ? { kind: "signed-in", account: answer.member } : { kind: "signed-out" };

/**
 * Asks the server who is signed in (once per page load unless `refresh`): a prerendered page is
 * the same for everyone and cannot say. The answer is typed with the shared schema but not
 * parsed with it: every static page asks, and is not worth the schema's code.
 */
export function loadSession(refresh = false): Promise<void> {
  if (loading && !refresh) return loading;
  loading = fetch("/api/session", { headers: { Accept: "application/json" }, cache: "no-store" })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((body: SessionAnswer) => set(fromAnswer(body)))
    .catch(() => set({ kind: "failed" }));
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The visitor's session, shared by the header, the menu and the account pages. A page rendered
 * for the visitor says it (the root's data); a prerendered page says nothing, and the browser asks
 * once it has hydrated (the server's HTML and the hydration both show "unknown", so they match).
 */
export function useSession(): SessionState {
  const root = useRouteLoaderData("root") as { session?: SessionAnswer } | undefined;
  const known = root?.session;
  const fetched = useSyncExternalStore(
    subscribe,
    () => asked,
    () => UNKNOWN,
  );
  useEffect(() => {
    if (!known) void loadSession();
  }, [known]);
  return known ? fromAnswer(known) : fetched;
}
