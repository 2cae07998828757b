import { z } from "../zod.ts";
import { externalUrl, line, paragraph, publicPath } from "./common.ts";

/** The enrolment page's texts and the offline payment details (content/membership.yaml). */
export const membershipSchema = z.strictObject({
  description: paragraph,
  intro: paragraph,
  authorsNote: paragraph,
  bank: z.strictObject({
    accountName: line,
    bankName: line,
    accountNumber: z.string().regex(/^\d{9,18}$/, "must be 9 to 18 digits"),
    ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "must be an IFSC like ABCD0123456"),
    branchCode: line,
    swiftCode: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "must be a SWIFT/BIC code"),
    location: line,
  }),
  qrCode: z.strictObject({ src: publicPath, alt: line }),
  applicationForm: publicPath,
  pricingUrl: externalUrl,
});
export type Membership = z.infer<typeof membershipSchema>;
