import { ACCOUNT_STATUS_LABELS } from "#shared/account.ts";
import type { AccountAnswer } from "#shared/api/account.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import styles from "./account.module.css";
import { SignOutButton } from "./login-form.tsx";

/**
 * The signed-in account's application and status, and signing out. `status`: the line the
 * membership part of the page shows (a single copy of the journal is "Paid", not "Active"), so the
 * two never disagree; without it, the account's own status.
 */
export function AccountView({
  account,
  status,
  register,
}: {
  account: AccountAnswer;
  status?: string;
  /** A member on the society's register: its number, class and year joined, not an application. */
  register?: { memberNo: string; className: string; joinedYear: number } | null;
}) {
  const shown = status ?? ACCOUNT_STATUS_LABELS[account.status];
  const rows: [string, string][] = register
    ? [
        ["Name", account.name],
        ["Member number", register.memberNo],
        ["Class", register.className],
        ["Member since", String(register.joinedYear)],
        ["Status", shown],
      ]
    : [
        ["Name", account.name],
        ["Membership type", membershipLabel(account.membership)],
        ["Application id", account.applicationId],
        ["Submitted", formatNewsDate(account.submittedAt, account.submittedAt).date],
        ["Status", shown],
      ];
  return (
    <section className={`card ${styles.narrow}`} aria-labelledby="account-title">
      <h2 id="account-title">{register ? "Your membership" : "Your application"}</h2>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <SignOutButton />
    </section>
  );
}
