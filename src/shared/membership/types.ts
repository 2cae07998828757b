/** The membership types an application chooses from, and what each is called (SPEC section 6). */

/** Membership types with the old site's values (SPEC section 6). */
export const MEMBERSHIP_TYPES = [
  { value: "2", label: "Life Member" },
  { value: "1", label: "Ordinary Member" },
  { value: "3", label: "Corporate Member (Annual)" },
  { value: "4", label: "Corporate Member (Single Copy)" },
] as const;
export type MembershipValue = (typeof MEMBERSHIP_TYPES)[number]["value"];

/**
 * Authors and reviewers may enrol without buying a membership (SPEC section 1): the form's last
 * choice. It is a choice of its own, not the empty default, so no one applies without choosing.
 */
export const NO_MEMBERSHIP = "none";
export const NO_MEMBERSHIP_LABEL = "No membership: author or reviewer only";

export function membershipLabel(value: string): string {
  return MEMBERSHIP_TYPES.find((type) => type.value === value)?.label ?? NO_MEMBERSHIP_LABEL;
}

/** Whether an application or account has a fee to pay: any membership type does, authors and reviewers do not. */
export const needsPayment = (membership: string) =>
  MEMBERSHIP_TYPES.some((type) => type.value === membership);
