import { postToServer } from "#components/forms/client-action.ts";
import { DirectoryEntryView } from "#features/account/directory-entry-view.tsx";
import {
  directoryCorrectionForm,
  directoryPrivacyForm,
  ownDetailsForm,
} from "#server/account/directory-entry-forms.server.ts";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { hiddenFields, ownDirectoryEntry } from "#server/directory/directory-privacy.server.ts";
import { entryWithOwnDetails } from "#server/directory/own-details.server.ts";
import { formIntent } from "#server/forms/form-intent.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { isDirectoryEntryStatus } from "#shared/member-privacy.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/account-directory-entry";

/**
 * The signed-in member's own entry in the directory (matched by the account's e-mail, or the one
 * it had before a confirmed change: decision 0026), the
 * details hidden from other members, and the forms to change them: rendered for the member, with
 * or without JavaScript. The directory may be out of reach for a moment: the page then says so.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  const status = new URL(request.url).searchParams.get("status");
  const returned = isDirectoryEntryStatus(status) ? status : null;
  try {
    const found = await ownDirectoryEntry(account);
    // The entry as other members see it: with the member's own changes to their details.
    const entry = found ? await entryWithOwnDetails(found) : null;
    // Found by the address before a confirmed change (decision 0026): the sheet still has the old
    // one, and the secretariat was mailed to change it when the change was confirmed.
    const movedTo = entry && !sameAddress(entry.email, account.email) ? account.email : null;
    return { returned, view: { entry, hidden: entry ? await hiddenFields(entry.id) : [], movedTo } };
  } catch (error) {
    console.error("directory-entry: the directory could not be read", error);
    return { returned, view: null };
  }
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const privacy = pageForm(directoryPrivacyForm);
const correction = pageForm(directoryCorrectionForm);
const details = pageForm(ownDetailsForm);

/** The page's three forms, by their intent. */
export async function action(args: Route.ActionArgs) {
  const intent = await formIntent(args.request);
  return intent === "correction" ? correction(args) : intent === "details" ? details(args) : privacy(args);
}
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "My Directory Entry",
    description: "Your entry in the member directory: what other members see, and corrections.",
    noindex: true,
  });

export default function AccountDirectoryEntry({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>My Directory Entry</h1>
      <DirectoryEntryView {...loaderData} />
    </div>
  );
}
