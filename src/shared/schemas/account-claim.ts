import { CLAIM_FIELDS as F } from "../forms/account-claim-fields.ts";
import { z } from "../zod.ts";
import { emailAddress, oneLine } from "./fields.ts";

const MEMBER_NO = new RegExp(`^(?:${F.memberNo.pattern})$`);

/** /claim-account's form: the address, and the member number or nothing. */
export const claimSchema = z.strictObject({
  email: emailAddress(F.email),
  memberNo: oneLine(F.memberNo)
    .default("")
    .refine((value) => value === "" || MEMBER_NO.test(value), F.memberNo.invalid),
});
