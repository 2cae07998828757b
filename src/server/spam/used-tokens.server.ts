import { createHash } from "node:crypto";
import { TOKEN_FIELD } from "#shared/form-guard.ts";
import { blobStore } from "../blob-store.server.ts";
import { setIfNew } from "../blobs-conditional.server.ts";

// Apart from form-guard.server.ts, whose checks read nothing but the post and the time: the claim
// is the one part of the spam guard that needs storage.

const usedTokens = () => blobStore("submissions");
const usedKey = (token: string) => `used-token/${createHash("sha256").update(token).digest("hex")}`;

/**
 * A form token is good for one accepted submission: this claims it, and answers false when it was
 * claimed already (a replay: the caller quarantines the submission, so nothing is lost).
 */
export async function claimFormToken(input: Record<string, unknown>): Promise<boolean> {
  const token = input[TOKEN_FIELD];
  if (typeof token !== "string" || token === "") return true;
  return setIfNew(usedTokens(), usedKey(token), new Date().toISOString());
}

/** Gives a token back when its submission could not be kept (storage failed), so a retry can use it. */
export async function releaseFormToken(input: Record<string, unknown>): Promise<void> {
  const token = input[TOKEN_FIELD];
  if (typeof token === "string" && token !== "") await usedTokens().delete(usedKey(token));
}
