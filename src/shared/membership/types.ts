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

/**
 * Honorary membership: conferred by the society, never applied for, so the enrolment form does not
 * offer it. It comes in with the membership register (decision 0051); it pays nothing and has no end.
 */
export const HONORARY = { value: "5", label: "Honorary Member" } as const;

/** Every membership a member may hold: the form's types and honorary. */
export const MEMBERSHIP_VALUES = [...MEMBERSHIP_TYPES.map((type) => type.value), HONORARY.value] as const;

export function membershipLabel(value: string): string {
  if (value === HONORARY.value) return HONORARY.label;
  return MEMBERSHIP_TYPES.find((type) => type.value === value)?.label ?? NO_MEMBERSHIP_LABEL;
}

/**
 * Whether an application or account has a fee to pay: any membership type the form offers does;
 * authors and reviewers do not, nor an honorary member (a member who pays nothing).
 */
export const needsPayment = (membership: string) =>
  MEMBERSHIP_TYPES.some((type) => type.value === membership);

/** Whether the account holds a membership of the society (honorary included), not an author's account. */
export const isMembership = (membership: string) =>
  (MEMBERSHIP_VALUES as readonly string[]).includes(membership);
