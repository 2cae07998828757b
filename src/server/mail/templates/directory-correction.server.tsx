import { correctionLabel } from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { Details, MailLayout, Para, Paragraphs } from "./layout.server.tsx";
import { sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  account: { name: string; email: string; applicationId: string };
  /** The member's directory entry found by the account's address, if any. */
  entry: Pick<Member, "id" | "name" | "university"> | null;
  /** The details concerned, as the form's values (`university`, `add`, …). */
  fields: string[];
  details: string;
};

/** To the secretariat: a member asks for their directory entry to be corrected (or to be added). */
export const directoryCorrection = defineTemplate<Props>({
  name: "directory-correction",
  title: "Directory correction, to the secretariat",
  subject: ({ account }) => `Directory correction from ${account.name}`,
  Body: ({ account, entry, fields, details }) => (
    <MailLayout preview={`${account.name} asks for a correction to the directory`}>
      <Para>
        A member has asked for a correction to the member directory (the sheet is not changed by the website).
      </Para>
      <Details
        rows={[
          ["Member", account.name],
          ["Account e-mail", account.email],
          ["Application id", account.applicationId],
          [
            "Directory entry",
            entry
              ? `${entry.name}, ${entry.university || "no institution"} (id ${entry.id})`
              : "none found with this e-mail",
          ],
          ["Details concerned", fields.map(correctionLabel).join(", ")],
        ]}
      />
      <Para>
        <strong>What they should be:</strong>
      </Para>
      <Paragraphs text={details} />
    </MailLayout>
  ),
  sample: {
    account: {
      name: "Dr. Ishaan Verma",
      email: "ishaan.verma@example.org",
      applicationId: sampleApplicationId,
    },
    entry: { id: "M0042", name: "Dr. I. Verma", university: "Example Agricultural Institute" },
    fields: ["university", "city"],
    details: "University or institution: Example Agricultural University, Pune\nCity: Pune",
  },
});
