import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { email: string; link: string };

/** The link a listed secretariat address sets (or resets) its workspace password with. */
export const workspaceSetPassword = defineTemplate<Props>({
  name: "workspace-set-password",
  title: "Secretariat workspace: set-your-password link",
  subject: () => "Set your secretariat workspace password",
  Body: ({ email, link }) => (
    <MailLayout preview="Set the password of the secretariat workspace">
      <Para>
        {`A link was asked for to set the password of the society's secretariat workspace for ${email}. Open it and choose a password (it works once, for 72 hours); then sign in at the site's login page. If you did not ask for it, ignore this e-mail: nothing changes until the link is used.`}
      </Para>
      <Action href={link}>Set my password</Action>
    </MailLayout>
  ),
  sample: { email: "secretary@isgpb.example", link: sampleLink("/reset-password") },
});
