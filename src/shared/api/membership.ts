/**
 * The membership part of the account page, as the account page's loader gives it: everything
 * already worded by the server (membership-panel.server.ts), so the page only lays it out.
 */
import { MEMBERSHIP_STATUSES } from "../membership/status.ts";
import { zm } from "../zod.ts";

const paymentSchema = zm.object({
  title: zm.string(),
  /** "It falls due on 1 April 2027.", or null. */
  dueLine: zm.nullable(zm.string()),
  items: zm.array(zm.object({ label: zm.string(), amount: zm.string() })),
  total: zm.string(),
  reference: zm.string(),
  upiLink: zm.string(),
  /** The UPI link's words: what it pays. */
  upiLabel: zm.string(),
  qr: zm.object({ size: zm.number(), path: zm.string() }),
  qrCaption: zm.string(),
  bank: zm.array(zm.tuple([zm.string(), zm.string()])),
  /**
   * Paying online (decision 0052), when the site takes payments online: whether this payment may
   * be paid so, and what the page says of it. Absent without Razorpay's keys: nothing is said.
   */
  online: zm.optional(zm.object({ payable: zm.boolean(), note: zm.string() })),
});

export const membershipPanelSchema = zm.object({
  /** The panel's heading: "Membership and payment", or "Author or reviewer account". */
  title: zm.string(),
  /** "Membership type", or "Account type" for an author or reviewer account. */
  typeLabel: zm.string(),
  type: zm.string(),
  /** The member number, or the sentence saying when it comes; absent when it does not apply. */
  memberNumber: zm.optional(zm.string()),
  status: zm.enum(MEMBERSHIP_STATUSES),
  statusLine: zm.string(),
  /**
   * A life membership's fee while it is being paid in instalments (decision 0025), else null: the
   * registration fee and the life fee apart, as the receipt and the mails give them, and their total.
   */
  lifeFee: zm.nullable(
    zm.object({
      registration: zm.string(),
      fee: zm.string(),
      total: zm.string(),
      paid: zm.string(),
      owed: zm.string(),
    }),
  ),
  /** "26 November 2026 to 31 March 2027", or null before a payment. */
  period: zm.nullable(zm.string()),
  note: zm.nullable(zm.string()),
  rejection: zm.nullable(
    zm.object({ applicationId: zm.string(), on: zm.nullable(zm.string()), reason: zm.array(zm.string()) }),
  ),
  due: zm.nullable(paymentSchema),
  /** Every payment confirmed, oldest first: its reference, the amount received and the day it was recorded. */
  payments: zm.array(
    zm.object({
      reference: zm.string(),
      amount: zm.string(),
      receivedOn: zm.string(),
      recordedOn: zm.string(),
    }),
  ),
});
export type MembershipPanelData = zm.infer<typeof membershipPanelSchema>;
export type PaymentDueData = NonNullable<MembershipPanelData["due"]>;
