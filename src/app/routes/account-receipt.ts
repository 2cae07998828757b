import { signedInAccount } from "#server/account/member-page.server.ts";
import { receiptPdfResponse } from "#server/receipts/receipt-download.server.ts";
import type { Route } from "./+types/account-receipt";

/**
 * A receipt of the signed-in member's, as a PDF (decision 0055). Signed out: to the sign-in page
 * and back here; a receipt that is not theirs, or no receipt at all: the same 404, so a number
 * guessed tells nothing.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  return receiptPdfResponse(account.key, params.file);
}
