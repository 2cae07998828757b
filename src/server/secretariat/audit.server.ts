import { randomBytes } from "node:crypto";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { secretariatStore } from "./store.server.ts";

/** One line of the audit log: who did what, when, to which record. */
export type AuditEntry = {
  at: string;
  /** The secretariat address that acted. */
  who: string;
  /** A short code: payment, reject, resend, release, delete, export, password-link. */
  action: string;
  /** The record acted on: `account/<key>`, `<kind>/<id>` of a submission, `quarantine/<kind>/<id>`. */
  record: string;
  /** What happened, in words. */
  summary: string;
};

const PREFIX = "audit/";
/** Keys sort newest first: the time counted down from a far future, then a random tail. */
const FAR_FUTURE = 10 ** 13;
const auditKey = (at: Date) =>
  `${PREFIX}${String(FAR_FUTURE - at.getTime()).padStart(13, "0")}-${randomBytes(4).toString("hex")}`;

/**
 * Writes one line of the log, each its own blob (created, never rewritten, never deleted), so
 * lines written at the same moment are all kept. An action that deletes writes its line first:
 * nothing goes without a trace, even if the deletion then fails.
 */
export async function recordAction(entry: Omit<AuditEntry, "at">, at = new Date()): Promise<AuditEntry> {
  const line: AuditEntry = { at: at.toISOString(), ...entry };
  await setJsonIfNew(secretariatStore(), auditKey(at), line);
  return line;
}

/** The newest lines of the log, newest first (`limit` of them at most). */
export async function recentActions(limit = 100): Promise<AuditEntry[]> {
  const store = secretariatStore();
  const keys: string[] = [];
  for await (const page of store.list({ prefix: PREFIX, paginate: true })) {
    keys.push(...page.blobs.map((blob) => blob.key));
    if (keys.length >= limit * 4) break;
  }
  keys.sort();
  const lines = await Promise.all(
    keys.slice(0, limit).map((key) => store.get(key, { type: "json" }) as Promise<AuditEntry | null>),
  );
  return lines.filter((line): line is AuditEntry => line !== null);
}
