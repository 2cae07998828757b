import { randomBytes } from "node:crypto";
import { type Account, createAccount, getAccount } from "../../src/server/account/accounts.server.ts";
import { database, inTransaction } from "../../src/server/db/database.server.ts";
import type { RegisterClass } from "../../src/server/db/schema.server.ts";

/**
 * A member on the society's register, as the register's import makes one (issue 57, the contract
 * of migration 0004): an account nobody can sign in to (no password), active since the import,
 * with the register's address, name and the class's membership type, and its register row. The
 * import itself is another module's; tests of what comes after it make members with this.
 */
export type RegisterMemberSpec = {
  memberNo: string;
  email: string;
  name: string;
  class?: RegisterClass;
  joinedYear?: number;
  lastPaidYear?: string | null;
  lifeOwed?: number | null;
  zone?: string | null;
  dateOfBirth?: string | null;
  claimedAt?: Date | null;
  invitedAt?: Date | null;
  inviteRemindedAt?: Date | null;
  /** The import's time: the account's submission and activation. */
  importedAt?: Date;
};

/** The membership type's value of each class: "2" Life, "1" Ordinary, "3"/"4" corporate. */
const MEMBERSHIP_OF: Record<RegisterClass, string> = {
  life: "2",
  ordinary: "1",
  "corporate-annual": "3",
  "corporate-single-copy": "4",
  honorary: "1",
};

export type RegisterMember = { account: Account; memberNo: string };

export async function registerMember(spec: RegisterMemberSpec): Promise<RegisterMember> {
  const at = spec.importedAt ?? new Date(Date.now() - 24 * 60 * 60 * 1000);
  const registerClass = spec.class ?? "ordinary";
  const key = await inTransaction(async (tx) => {
    const imported = await tx
      .insertInto("register_imports")
      .values({
        at,
        by: "secretary@isgpb.example",
        source: "csv",
        digest: randomBytes(32).toString("hex"),
        added: 1,
        changed: 0,
        unchanged: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const account = await createAccount(
      {
        email: spec.email,
        name: spec.name,
        membership: MEMBERSHIP_OF[registerClass],
        applicationId: `EN-${randomBytes(5).toString("hex").toUpperCase()}`,
        submissionId: "",
        submittedAt: at.toISOString(),
        activatedAt: at.toISOString(),
        status: "active",
        passwordHash: "",
      },
      tx,
    );
    if (!account) throw new Error(`an open account has ${spec.email} already`);
    const row = {
      member_no: spec.memberNo,
      name: spec.name,
      email: spec.email,
      class: registerClass,
      joined_year: String(spec.joinedYear ?? 1990),
    };
    await tx
      .insertInto("register_members")
      .values({
        member_no: spec.memberNo,
        account_id: account.key,
        class: registerClass,
        joined_year: spec.joinedYear ?? 1990,
        last_paid_year: spec.lastPaidYear ?? null,
        life_owed: spec.lifeOwed ?? null,
        zone: spec.zone ?? null,
        date_of_birth: spec.dateOfBirth ?? null,
        imported: JSON.stringify(row),
        import_id: imported.id,
        claimed_at: spec.claimedAt ?? null,
        invited_at: spec.invitedAt ?? null,
        invite_reminded_at: spec.inviteRemindedAt ?? null,
      })
      .execute();
    return account.key;
  });
  const account = await getAccount(key);
  if (!account) throw new Error("the member's account is gone");
  return { account, memberNo: spec.memberNo };
}

/** The member's register row as it is now. */
export const registerRow = (memberNo: string) =>
  database()
    .selectFrom("register_members")
    .selectAll()
    .where("member_no", "=", memberNo)
    .executeTakeFirstOrThrow();
