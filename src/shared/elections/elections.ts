import { ZONE_LABELS, ZONES, type Zone } from "./zones.ts";

/**
 * An election of the Executive Council (issue 59, decision 0053): its stages, the offices the
 * members elect and the addresses of its pages, written once for the pages and the server.
 */

export const STAGES = ["draft", "nominations", "nominations-closed", "voting", "closed"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  draft: "Not yet open",
  nominations: "Nominations open",
  "nominations-closed": "Nominations closed; voting not yet open",
  voting: "Voting open",
  closed: "Closed",
};

/** Who chooses a zone's Councillor: every voter (the default: decision 0053), or that zone's. */
export type ChosenBy = "all" | "zone";

/** One office on the ballot: its key, its name, its seats, and for a Councillor its zone. */
export type OfficeSpec = {
  office: string;
  label: string;
  seats: number;
  zone: Zone | null;
  chosenBy: ChosenBy;
};

/**
 * The Vice-Presidents: one office of two seats (each voter picks up to two of its candidates), or
 * two offices of one seat each (a candidate stands for one of them).
 */
export const VICE_PRESIDENT_LAYOUTS = ["one-office", "two-offices"] as const;
export type VicePresidentLayout = (typeof VICE_PRESIDENT_LAYOUTS)[number];

export const councillorOffice = (zone: Zone) => `councillor-${zone.toLowerCase()}`;

/**
 * The offices the members elect, as the constitution sets them: two Vice-Presidents, the Secretary,
 * the Treasurer and a Councillor for each zone. The President and the Editor are selected by a
 * collegium and are never on the ballot.
 */
export function defaultOffices(
  vicePresidents: VicePresidentLayout = "one-office",
  chosenBy: Partial<Record<Zone, ChosenBy>> = {},
): OfficeSpec[] {
  const vp: OfficeSpec[] =
    vicePresidents === "one-office"
      ? [{ office: "vice-president", label: "Vice-President", seats: 2, zone: null, chosenBy: "all" }]
      : [1, 2].map((n) => ({
          office: `vice-president-${n}`,
          label: `Vice-President (seat ${n})`,
          seats: 1,
          zone: null,
          chosenBy: "all" as const,
        }));
  return [
    ...vp,
    { office: "secretary", label: "Secretary", seats: 1, zone: null, chosenBy: "all" },
    { office: "treasurer", label: "Treasurer", seats: 1, zone: null, chosenBy: "all" },
    ...ZONES.map(
      (zone): OfficeSpec => ({
        office: councillorOffice(zone),
        label: `Councillor (${ZONE_LABELS[zone]})`,
        seats: 1,
        zone,
        chosenBy: chosenBy[zone] ?? "all",
      }),
    ),
  ];
}

/**
 * The post an office is (its key without a seat number): what the term limits compare with the
 * office bearers' history, where both Vice-Presidents are one title.
 */
export const postOf = (office: string) => office.replace(/-\d+$/, "");

export const ELECTIONS_WORKSPACE_PATH = "/secretariat/elections";
export const electionWorkspacePath = (id: string) => `${ELECTIONS_WORKSPACE_PATH}/${id}`;
export const electionWorkspaceAction = (id: string, form: string) =>
  `${electionWorkspacePath(id)}?do=${form}`;

/** The members' page of an election: its notice, the roll's answer, the nominations, the candidates. */
export const electionPath = (id: string) => `/elections/${id}`;
export const electionAction = (id: string, form: string) => `${electionPath(id)}?do=${form}`;
/** The results, once published, and the ballot (the ballot's side builds those pages). */
export const electionResultsPath = (id: string) => `${electionPath(id)}/results`;
export const electionVotePath = (id: string) => `${electionPath(id)}/vote`;
/** The Returning Officer's count: the reminder, the close, the lots (the ballot's side). */
export const electionCountPath = (id: string) => `${electionWorkspacePath(id)}/count`;

/** The Returning Officer's presses on an election's workspace page, each a form of its own. */
export const STAGE_ACTIONS = [
  "notice",
  "open-nominations",
  "extend-nominations",
  "close-nominations",
  "open-voting",
  "extend-voting",
] as const;
export type StageAction = (typeof STAGE_ACTIONS)[number];
export const isStageAction = (value: unknown): value is StageAction =>
  STAGE_ACTIONS.includes(value as StageAction);

/** The Returning Officer's other forms: the roll and the decisions on nominations. */
export const RO_FORMS = ["roll-add", "roll-strike", "decide"] as const;
export type RoForm = (typeof RO_FORMS)[number];
export const isRoForm = (value: unknown): value is RoForm => RO_FORMS.includes(value as RoForm);

/** A member's forms on the election's page. */
export const MEMBER_FORMS = ["nominate", "second", "accept", "decline"] as const;
export type MemberForm = (typeof MEMBER_FORMS)[number];
export const isMemberForm = (value: unknown): value is MemberForm =>
  MEMBER_FORMS.includes(value as MemberForm);

/** What the Returning Officer's page says at its top after a press (`?done=`): our words only. */
export const ELECTION_FLASHES = {
  created:
    "Election created, in draft. The Returning Officer issues the notice of election, which freezes the roll.",
  "roll-frozen": "The roll is frozen and the notice of election is on its way to everyone on it.",
  "nominations-opened":
    "Nominations are open; the call for nominations is on its way to everyone on the roll.",
  "nominations-extended": "Nominations now run to the new last day.",
  "nominations-closed": "Nominations are closed; the list of candidates is published to members.",
  "voting-opened": "Voting is open; the notice is on its way to everyone on the roll.",
  "voting-extended": "Voting now runs to the new last day.",
  "roll-added": "The name is on the roll, and the member has been told by e-mail.",
  "roll-struck": "The name is struck from the roll, and the member has been told by e-mail.",
  decided: "The decision and its note are recorded.",
  already: "This step was taken already (it may have been pressed twice); nothing more was done.",
} as const;
export type ElectionFlash = keyof typeof ELECTION_FLASHES;

/** What a member's page of the election says at its top after a press (`?status=`). */
export const MEMBER_STATUSES = {
  nominated:
    "Your nomination is recorded. It needs a second from another member on the roll, and the candidate's acceptance; the candidate has been told by e-mail.",
  seconded: "You have seconded the nomination.",
  "second-already": "That nomination has been seconded already; nothing was changed.",
  accepted: "You have accepted the nomination.",
  "accept-already": "You had accepted that nomination already.",
  declined: "You have declined the nomination: you do not stand for that office.",
} as const;
export type MemberStatus = keyof typeof MEMBER_STATUSES;

/** A press's form name on the page: each nomination's buttons refuse on their own. */
export const pressFormName = (action: string, nomination?: string) =>
  nomination ? `election-${action}-${nomination}` : `election-${action}`;
export const pressAction = (id: string, action: MemberForm, nomination: string) =>
  `${electionPath(id)}?${new URLSearchParams({ do: action, nomination })}`;
