import { data, redirect } from "react-router";
import { PayPage } from "#features/payments/pay-page.tsx";
import { siteUrl } from "#server/env.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { checkoutPageContext } from "#server/http/page-headers.server.ts";
import { checkoutReturn, payOnlineForm, payPageData } from "#server/payments/pay-page.server.ts";
import { paysOnline } from "#server/payments/razorpay.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/pay";

/**
 * Paying online (decision 0052), per request. GET `?order=`: the order the server made for a
 * payment due, its button to Razorpay, or where the payment stands; `?problem=`: why no order was
 * made. POST: 'Pay online' (the reference of the payment due), or `?return=checkout`, Razorpay's
 * signed result of the checkout. Without Razorpay's keys the page does not exist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await payPageData(url, siteUrl(request));
  if (!page) throw data(null, { status: 404 });
  // Only a page with Razorpay's button may load its script and post to it.
  if (page.view === "order" && page.checkout) context.set(checkoutPageContext, true);
  return page;
}

const startForm = pageForm(payOnlineForm);

export async function action(args: Route.ActionArgs) {
  if (!paysOnline()) throw data(null, { status: 404 });
  const url = new URL(args.request.url);
  if (args.request.method !== "POST" || url.searchParams.get("return") !== "checkout") return startForm(args);
  let next: string;
  try {
    next = await checkoutReturn(args.request);
  } catch (error) {
    // The records out of reach: nothing was recorded, and Razorpay's webhook, retried until the
    // records answer, records the payment then. The member sees the site's 503 page.
    console.warn(`checkout return: ${error instanceof Error ? error.message : String(error)}`);
    throw data(null, { status: 503 });
  }
  throw redirect(next, 303);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Pay online",
    description: "Pay the society's fees online.",
    noindex: true,
  });

export default function Pay({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <PayPage page={loaderData} />
    </div>
  );
}
