/**
 * The version of the privacy notice (/privacy) in force: the day it was last changed. Each
 * application stores the version its applicant accepted (with the enrolment record and on the
 * account), and 'Download my data' includes it. Change it whenever the notice's wording changes.
 */
export const privacyNoticeVersion = "2026-11-27";
