import { isCommonPassword } from "../common-passwords.ts";
import {
  CHANGE_EMAIL_FIELDS,
  CHANGE_PASSWORD_FIELDS,
  FORGOT_FIELDS,
  PASSWORDS_DIFFER,
  RESET_FIELDS,
} from "../forms/account-recovery-fields.ts";
import { z } from "../zod.ts";
import { COMMON_PASSWORD_MESSAGE } from "./enrolment.ts";
import { emailAddress, password } from "./fields.ts";

/** A new password: enrolment's rules (length, not a common one). */
const newPassword = password(RESET_FIELDS.password).refine(
  (value) => !isCommonPassword(value),
  COMMON_PASSWORD_MESSAGE,
);

/** Missing counts as not matching, so one message covers both. */
const matching = <T extends { password: string; confirmPassword: string }>(
  form: T,
  context: z.RefinementCtx,
) => {
  if (form.confirmPassword !== form.password)
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DIFFER });
};

/** The forgot-password page's form. */
export const forgotPasswordSchema = z.strictObject({ email: emailAddress(FORGOT_FIELDS.email) });

/** The reset page's form: the link's token comes in the form (or, without it, the page's URL). */
export const resetPasswordSchema = z
  .strictObject({
    token: z.string().max(2048).default(""),
    password: newPassword,
    confirmPassword: z.string().max(RESET_FIELDS.confirmPassword.max).default(""),
  })
  .superRefine(matching);

/** The settings page's new password. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: password(CHANGE_PASSWORD_FIELDS.currentPassword),
    password: newPassword,
    confirmPassword: z.string().max(CHANGE_PASSWORD_FIELDS.confirmPassword.max).default(""),
  })
  .superRefine(matching);

/** The settings page's new e-mail address. */
export const changeEmailSchema = z.strictObject({
  email: emailAddress(CHANGE_EMAIL_FIELDS.email),
  emailPassword: password(CHANGE_EMAIL_FIELDS.emailPassword),
});

/** The new address's link's page: the link's token. */
export const confirmEmailChangeSchema = z.strictObject({ token: z.string().max(2048).default("") });
