/**
 * A register import's preview as the workspace's page shows it (decision 0051): the server makes
 * it (src/server/register/register-view.server.ts) and the page draws it, from this one shape.
 */
export type PreviewChange = { field: string; from: string; to: string };
export type PreviewConflict = { field: string; site: string; register: string; imported: string };

export type PreviewRow = {
  line: number;
  memberNo: string;
  name: string;
  kind: string;
  reason: string;
  changes: PreviewChange[];
  conflicts: PreviewConflict[];
  link: { accountId: string; name: string; applicationId: string } | null;
};

export type PreviewView =
  | { state: "expired" }
  | { state: "unreadable"; error: string }
  | {
      state: "ready";
      digest: string;
      plan: string;
      source: string;
      uploadedAt: string;
      counts: { new: number; changed: number; unchanged: number; refused: number; conflicts: number };
      refused: PreviewRow[];
      conflicts: PreviewRow[];
      changed: PreviewRow[];
      added: PreviewRow[];
    };
