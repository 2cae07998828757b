import { contactMessageSchema } from "#shared/schemas/contact.ts";
import { subscribeSchema } from "#shared/schemas/subscribe.ts";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { deliverContactMessage } from "../contact/contact-delivery.server.ts";
import { inLine } from "../in-line.server.ts";
import { deliverSubscribeRequest } from "../newsletter/subscribe-delivery.server.ts";
import { type QuarantinedSubmission, submissions } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { kindName, when } from "./display.server.ts";
import { secretariatStore } from "./store.server.ts";

const PREFIX = "quarantine/";

/**
 * How each kind of held submission is delivered as if it had passed: the form's own delivery
 * (the same e-mails; the day it was received, so the same record and idempotency keys). A kind
 * missing here (an enrolment, held without its password) cannot be released, only deleted.
 */
const RELEASE: Record<string, (data: unknown, at: Date, origin: string) => Promise<unknown>> = {
  contact: (data, at) => deliverContactMessage(contactMessageSchema.parse(data), at),
  subscribe: (data, at, origin) => deliverSubscribeRequest(subscribeSchema.parse(data).email, origin, at),
};

export const releasable = (kind: string) => Object.hasOwn(RELEASE, kind);

/** Every held submission, newest first. */
export async function heldSubmissions(): Promise<QuarantinedSubmission<unknown>[]> {
  const store = submissions();
  const { blobs } = await store.list({ prefix: PREFIX });
  const records = await Promise.all(
    blobs.map(
      (blob) => store.get(blob.key, { type: "json" }) as Promise<QuarantinedSubmission<unknown> | null>,
    ),
  );
  return records
    .filter((record): record is QuarantinedSubmission<unknown> => record !== null)
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1));
}

const heldKey = (kind: string, id: string) => `${PREFIX}${kind}/${id}`;

/** The held submission a URL names, or null (unknown, or not a well-formed name). */
export async function findHeld(kind: string, id: string): Promise<QuarantinedSubmission<unknown> | null> {
  if (!/^[a-z][a-z-]{0,40}$/.test(kind) || !/^[0-9a-f]{32}$/.test(id)) return null;
  return (await submissions().get(heldKey(kind, id), {
    type: "json",
  })) as QuarantinedSubmission<unknown> | null;
}

export type HeldOutcome =
  | "released"
  | "deleted"
  | "not-releasable"
  /** Another press (at the same moment, or before) released or deleted it: nothing more was done. */
  | "release-already"
  | "delete-already";

type HeldClaim = { action: "release" | "delete"; who: string; at: string };

/**
 * What was done to a held submission, kept create-only in the secretariat's store: of any number of
 * presses at once, one writes it and acts; the others are told it was done (atomic on Netlify,
 * across instances; in line within an instance, since the local Blobs server checks and writes in
 * two steps). It stays after the submission goes, so a later press is told the same.
 */
const claimKey = (kind: string, id: string) => `held-actions/${kind}/${id}`;

const alreadyDone = (claim: HeldClaim | null): HeldOutcome =>
  claim?.action === "delete" ? "delete-already" : "release-already";

/** What was done to a held submission that is gone, or null when nothing was (an unknown one). */
export async function heldActionDone(kind: string, id: string): Promise<HeldOutcome | null> {
  if (!/^[a-z][a-z-]{0,40}$/.test(kind) || !/^[0-9a-f]{32}$/.test(id)) return null;
  const claim = (await secretariatStore().get(claimKey(kind, id), { type: "json" })) as HeldClaim | null;
  return claim ? alreadyDone(claim) : null;
}

/** Claims the action on a held submission once, then does it; a failed action gives the claim back. */
function claimed(
  record: QuarantinedSubmission<unknown>,
  action: HeldClaim["action"],
  who: string,
  act: () => Promise<HeldOutcome>,
): Promise<HeldOutcome> {
  const key = claimKey(record.kind, record.id);
  return inLine(key, async () => {
    const store = secretariatStore();
    const claim: HeldClaim = { action, who, at: new Date().toISOString() };
    if (!(await setJsonIfNew(store, key, claim)))
      return alreadyDone((await store.get(key, { type: "json" })) as HeldClaim | null);
    try {
      return await act();
    } catch (error) {
      await store.delete(key).catch(() => {});
      throw error;
    }
  });
}

/** 'Not spam': delivered exactly as if it had passed, then taken out of the quarantine; logged once. */
export async function releaseHeld(
  record: QuarantinedSubmission<unknown>,
  who: string,
  origin: string,
): Promise<HeldOutcome> {
  const release = RELEASE[record.kind];
  if (!release) return "not-releasable";
  return claimed(record, "release", who, async () => {
    await release(record.data, new Date(record.receivedAt), origin);
    await recordAction({
      who,
      action: "release",
      record: heldKey(record.kind, record.id),
      summary: `Not spam: ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)} delivered (held because ${record.reason})`,
    });
    await submissions().delete(heldKey(record.kind, record.id));
    return "released";
  });
}

/** 'Delete': the log line first, so nothing goes without a trace; once, however often pressed. */
export async function deleteHeld(record: QuarantinedSubmission<unknown>, who: string): Promise<HeldOutcome> {
  return claimed(record, "delete", who, async () => {
    await recordAction({
      who,
      action: "delete",
      record: heldKey(record.kind, record.id),
      summary: `Deleted a held ${kindName(record.kind).toLowerCase()} of ${when(record.receivedAt)} (held because ${record.reason})`,
    });
    await submissions().delete(heldKey(record.kind, record.id));
    return "deleted";
  });
}
