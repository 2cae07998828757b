/**
 * Membership: the enrolment page's texts with the bank and UPI details every payment instruction
 * shows, and the fees, one entry per amount and the financial year it applies from. A new fee is
 * a new entry, so the amounts of earlier years (and references already issued) stay as they were.
 */
import type Migration from "contentful-migration";

const required = { type: "Symbol" as const, required: true };

export default function membership(migration: Migration) {
  const page = migration.createContentType("membershipPage", {
    name: "Membership page and payment details",
    displayField: "title",
    description:
      "The enrolment page (/sign-up) and the bank and UPI details on it, the account page and the mails.",
  });
  page.createField("title", { ...required, name: "Title" });
  page.createField("description", { type: "Text", name: "Description (search engines)", required: true });
  page.createField("intro", { type: "Text", name: "Introduction", required: true });
  page.createField("authorsNote", { type: "Text", name: "Note for authors and reviewers", required: true });
  page.createField("bankAccountName", { ...required, name: "Bank: account name" });
  page.createField("bankName", { ...required, name: "Bank: bank" });
  page.createField("bankAccountNumber", {
    ...required,
    name: "Bank: account number",
    validations: [{ regexp: { pattern: "^\\d{9,18}$" }, message: "9 to 18 digits" }],
  });
  page.createField("bankIfsc", {
    ...required,
    name: "Bank: IFSC",
    validations: [{ regexp: { pattern: "^[A-Z]{4}0[A-Z0-9]{6}$" }, message: "An IFSC like ABCD0123456" }],
  });
  page.createField("bankBranchCode", { ...required, name: "Bank: branch code" });
  page.createField("bankSwiftCode", {
    ...required,
    name: "Bank: SWIFT code",
    validations: [{ regexp: { pattern: "^[A-Z0-9]{8}([A-Z0-9]{3})?$" }, message: "A SWIFT/BIC code" }],
  });
  page.createField("bankLocation", { ...required, name: "Bank: branch" });
  page.createField("upiAddress", {
    ...required,
    name: "UPI address",
    validations: [
      { regexp: { pattern: "^[\\w.-]{2,256}@[A-Za-z][\\w.-]{1,63}$" }, message: "Like name@bank" },
    ],
  });
  page.createField("upiPayeeName", { ...required, name: "UPI payee name" });
  page.createField("applicationForm", {
    type: "Link",
    linkType: "Entry",
    name: "Application form",
    required: true,
    validations: [{ linkContentType: ["document"] }],
  });
  page.createField("pricingUrl", {
    ...required,
    name: "Pricing page address",
    validations: [{ regexp: { pattern: "^https://\\S+$" }, message: "An https:// address" }],
  });
  page.changeFieldControl("upiAddress", "builtin", "singleLine", {
    helpText: "The UPI link and QR code on the site and in the mails are made from this: check it twice.",
  });

  const fee = migration.createContentType("membershipFee", {
    name: "Membership fee",
    displayField: "membershipType",
    description:
      "One fee and the financial year it applies from; it applies until a later entry of the same type.",
  });
  fee.createField("membershipType", {
    ...required,
    name: "Membership type",
    validations: [{ in: ["1", "2", "3", "4", "registration"] }],
  });
  fee.createField("from", {
    ...required,
    name: "Applies from (financial year)",
    validations: [{ regexp: { pattern: "^\\d{4}-\\d{2}$" }, message: "A financial year like 2026-27" }],
  });
  fee.createField("amount", {
    type: "Integer",
    name: "Amount (whole rupees)",
    validations: [{ range: { min: 1, max: 10000000 } }],
  });
  fee.changeFieldControl("membershipType", "builtin", "dropdown", {
    helpText: "1 Ordinary, 2 Life, 3 Corporate (Annual), 4 Corporate (Single Copy), or the registration fee.",
  });
  fee.changeFieldControl("amount", "builtin", "numberEditor", {
    helpText: "Leave empty while the amount is to be announced: the site says so instead of a figure.",
  });
}
