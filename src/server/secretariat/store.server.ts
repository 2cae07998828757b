import { getStore } from "@netlify/blobs";

/** The workspace's own records: the audit log, recorded payments, the applications index. */
export const secretariatStore = () => getStore({ name: "secretariat", consistency: "strong" });
