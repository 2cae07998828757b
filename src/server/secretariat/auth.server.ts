import { randomBytes } from "node:crypto";
import {
  type Account,
  createAccount,
  findAccount,
  type NewAccount,
  updateAccount,
} from "../account/accounts.server.ts";
import { hashPassword } from "../account/password.server.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { onDeploy, readEnv, type ServerEnv } from "../env.server.ts";
import { errorJson } from "../http/responses.server.ts";

/**
 * Who may use the secretariat's workspace: an account with the `secretariat` role whose address
 * is listed in SECRETARIAT_ACCOUNTS. Both are needed, so taking an address off the list ends its
 * access at once, and a member's account never gains the role by being listed (the role is only
 * given when a listed address asks for its set-your-password link).
 */

/**
 * A fresh clone has one workspace account, so a newcomer can look around offline (README). It is
 * made on its first sign-in, and never on a Netlify deploy, where this password would be public.
 */
export const DEMO_SECRETARIAT = {
  email: "secretariat@example.org",
  password: "Workspace-demo-1941",
  name: "Demo secretariat",
} as const;

/** The listed addresses, lower-cased; off a deploy, the demo address too. */
export function secretariatAddresses(env: ServerEnv = readEnv()): Set<string> {
  const listed = (env.SECRETARIAT_ACCOUNTS ?? "")
    .split(",")
    .map((address) => address.trim().toLowerCase())
    .filter((address) => address.includes("@"));
  if (!onDeploy()) listed.push(DEMO_SECRETARIAT.email);
  return new Set(listed);
}

export const isSecretariatAddress = (email: string) => secretariatAddresses().has(email.trim().toLowerCase());

export const holdsSecretariatRole = (account: Pick<Account, "role" | "email">) =>
  account.role === "secretariat" && isSecretariatAddress(account.email);

/** Where an account lands after signing in. */
export const homeOf = (account: Pick<Account, "role" | "email">, memberHome: string) =>
  holdsSecretariatRole(account) ? "/secretariat" : memberHome;

/** A signed-in secretariat user: who acts, as the audit log names them. */
export type SecretariatSession = { account: Account; who: string };

export const NOT_SIGNED_IN = "Sign in with a secretariat account to use the workspace.";
export const NOT_SECRETARIAT = "This workspace is for the society's secretariat only.";

/** Why the workspace is refused: 401 without a session, 403 for any other account. */
export type WorkspaceRefusal = { refused: 401 | 403; message: string };

/**
 * The check every secretariat page and API makes first, on the server: the signed-in account,
 * or why not. Using the session restarts its 30-minute idle timer. The pages answer a refusal with
 * a page of their own (src/server/secretariat/workspace.server.ts), the functions with JSON.
 */
export async function checkSecretariat(request: Request): Promise<SecretariatSession | WorkspaceRefusal> {
  const account = await currentAccount(request);
  if (!account) return { refused: 401, message: NOT_SIGNED_IN };
  if (!holdsSecretariatRole(account)) return { refused: 403, message: NOT_SECRETARIAT };
  return { account, who: account.email };
}

/** The functions' form of the check: the session, or the refusal as a JSON answer. */
export async function requireSecretariat(request: Request): Promise<SecretariatSession | Response> {
  const checked = await checkSecretariat(request);
  if ("refused" in checked) return errorJson(checked.refused, checked.message, { Vary: "Cookie" });
  return checked;
}

/** Makes the demo account on its first sign-in, off a deploy only. */
export async function ensureDemoSecretariat(email: string, now = new Date()): Promise<void> {
  if (onDeploy() || email.trim().toLowerCase() !== DEMO_SECRETARIAT.email) return;
  if (await findAccount(DEMO_SECRETARIAT.email)) return;
  await createAccount(
    secretariatAccount(DEMO_SECRETARIAT.email, await hashPassword(DEMO_SECRETARIAT.password), now),
  );
}

/** A secretariat account holds no application: its row's application_id is NULL. */
function secretariatAccount(email: string, passwordHash: string, now: Date): NewAccount {
  return {
    email: email.trim().toLowerCase(),
    name: email === DEMO_SECRETARIAT.email ? DEMO_SECRETARIAT.name : "Secretariat",
    membership: "",
    applicationId: "",
    submissionId: "",
    submittedAt: now.toISOString(),
    status: "active",
    passwordHash,
    role: "secretariat",
  };
}

/**
 * The account a listed address sets its password for: made with an unknown password on its first
 * request (so it cannot be signed in to until the link is used), or given the role if the address
 * has an account already. Null for an address that is not listed. One scrypt either way, so the
 * answer's timing does not tell a listed address from another. Two first requests at once make
 * one account: the address's unique index refuses the second, which then finds the first's.
 */
export async function secretariatAccountFor(email: string, now = new Date()): Promise<Account | null> {
  const unusable = await hashPassword(randomBytes(24).toString("base64url"));
  if (!isSecretariatAddress(email)) return null;
  const existing = await findAccount(email);
  if (existing) {
    if (existing.role === "secretariat") return existing;
    await updateAccount(existing.key, { role: "secretariat" });
    return { ...existing, role: "secretariat" };
  }
  return (await createAccount(secretariatAccount(email, unusable, now))) ?? findAccount(email);
}
