import { blobStore } from "../blob-store.server.ts";

/** The workspace's own records: the audit log, recorded payments, the applications index. */
export const secretariatStore = () => blobStore("secretariat");
