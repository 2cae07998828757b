/** How long a member's password may be: the sign-up form's own checks and the server's schema. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
