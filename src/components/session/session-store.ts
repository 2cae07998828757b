import { useEffect, useSyncExternalStore } from "react";
import type { AccountAnswer, SessionAnswer } from "#shared/api/account.ts";

/** What GET /api/session says about the visitor (the page HTML never knows: it is prerendered). */
export type SessionState =
  | { kind: "unknown" }
  | { kind: "signed-out" }
  | { kind: "signed-in"; account: AccountAnswer }
  | { kind: "failed" };

const UNKNOWN: SessionState = { kind: "unknown" };
let state: SessionState = UNKNOWN;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Asks the server who is signed in (once per page load unless `refresh`). The answer is typed
 * with the shared schema but not parsed with it: every page asks, and the zod/mini parts it needs
 * (union, literal, enum) would add about 1 KB to every page's script (decision 0012).
 */
export function loadSession(refresh = false): Promise<void> {
  if (loading && !refresh) return loading;
  loading = fetch("/api/session", { headers: { Accept: "application/json" }, cache: "no-store" })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((body: SessionAnswer) =>
      set(body.signedIn ? { kind: "signed-in", account: body.member } : { kind: "signed-out" }),
    )
    .catch(() => set({ kind: "failed" }));
  return loading;
}

/** After sign-out: no request needed to know. */
export function forgetSession() {
  loading = Promise.resolve();
  set({ kind: "signed-out" });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The visitor's session, shared by the header and the account page. The server render and the
 * hydration both see "unknown", so the HTML always matches; the request goes out afterwards.
 */
export function useSession(): SessionState {
  const session = useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
  useEffect(() => {
    void loadSession();
  }, []);
  return session;
}
