import type { Stage, StageAction } from "./elections.ts";

/** What the election pages show, as the server builds it (src/server/elections/election-view.server.ts). */

export type Rows = [label: string, value: string][];

export type ElectionSummary = {
  id: string;
  title: string;
  term: string;
  stage: string;
  returningOfficer: string;
};

export type StageStep = { action: StageAction; label: string; extend: boolean; hint: string };

export type WorkspaceNomination = {
  id: string;
  office: string;
  candidate: string;
  nominatedBy: string;
  secondedBy: string;
  accepted: boolean;
  status: string;
  flag: string | null;
  note: string | null;
  decidable: boolean;
};

export type WorkspaceElectionView = {
  id: string;
  title: string;
  stage: Stage;
  facts: Rows;
  returningOfficer: string;
  isReturningOfficer: boolean;
  steps: StageStep[];
  roll: {
    frozen: boolean;
    open: boolean;
    count: number;
    struck: number;
    byZone: Rows;
    changes: { name: string; memberNo: string; what: string; reason: string }[];
  };
  nominations: WorkspaceNomination[];
};

export type MemberNomination = {
  id: string;
  office: string;
  candidate: string;
  nominatedBy: string;
  secondedBy: string | null;
  status: string;
  mine: boolean;
  accepted: boolean;
  canSecond: boolean;
};

export type MemberElectionView = {
  id: string;
  title: string;
  stage: Stage;
  facts: Rows;
  roll: { on: boolean; text: string };
  canNominate: boolean;
  offices: { office: string; label: string }[];
  nominations: MemberNomination[];
  candidates: { office: string; names: string[] }[] | null;
};

/** A line of the account page: whether the member is on an open election's roll, and why not. */
export type AccountElection = { id: string; title: string; on: boolean; text: string };
