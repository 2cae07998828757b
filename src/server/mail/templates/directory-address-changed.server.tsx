import { Details, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplicationId } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  applicationId: string;
  memberNumber: string | null;
  oldEmail: string;
  newEmail: string;
  /** The directory's entry found under the old address; null when the directory could not be read. */
  entry: { name: string; id: string } | null;
};

/**
 * To the secretariat: a member confirmed a new e-mail address, and the directory sheet (theirs to
 * change) still lists the old one.
 */
export const directoryAddressChanged = defineTemplate<Props>({
  name: "directory-address-changed",
  title: "A member's new e-mail address, for the directory sheet",
  subject: ({ name, entry }) => `Directory address out of date: ${entry?.name ?? name}`,
  Body: ({ name, applicationId, memberNumber, oldEmail, newEmail, entry }) => (
    <MailLayout preview={`${newEmail} replaces ${oldEmail}`}>
      <Para>
        {entry
          ? `A member has confirmed a new e-mail address for their account. The member directory's master sheet still lists the old address: please change it there.`
          : `A member has confirmed a new e-mail address for their account. The member directory could not be read just now to check it: if the master sheet lists the old address, please change it there.`}
      </Para>
      <Details
        rows={[
          ["Name", name],
          ["Application id", applicationId],
          ...(memberNumber ? [["Member number", memberNumber] as [string, string]] : []),
          ["Old address (in the sheet)", oldEmail],
          ["New address", newEmail],
          ...(entry ? [["Directory entry", `${entry.name} (id ${entry.id})`] as [string, string]] : []),
        ]}
      />
      <Para>
        The member's choices of what to hide from other members stay in force before and after you change the
        sheet.
      </Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    memberNumber: "M-0A1B2C3D4E",
    oldEmail: "ishaan.verma@example.org",
    newEmail: "i.verma@example.org",
    entry: { name: "Dr. Ishaan Verma", id: "0a1b2c3d4e5f6071" },
  },
});
