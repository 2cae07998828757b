/**
 * Writes public/images/payment-qr.svg: the UPI QR code the enrolment page shows for paying the
 * society's fee, made from content/membership.yaml's payee. Run after changing the payee:
 * node scripts/make-payment-qr.ts
 */
import { readFile, writeFile } from "node:fs/promises";
import { renderSVG } from "uqr";
import { parse } from "yaml";

// The payee is fictional (a UPI link with no amount: the applicant types the fee).
const content = parse(await readFile("content/membership.yaml", "utf8")) as {
  upi: { address: string; payeeName: string };
};
const payee = {
  pa: content.upi.address,
  pn: content.upi.payeeName,
  cu: "INR",
  tn: "ISGPB membership fee",
};
// UPI apps expect %20 for spaces, not the + that URLSearchParams writes.
const upi = `upi://pay?${Object.entries(payee)
  .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
  .join("&")}`;

const svg = renderSVG(upi, { ecc: "M", border: 2, pixelSize: 4 });
await writeFile("public/images/payment-qr.svg", `${svg}\n`);
console.log(`public/images/payment-qr.svg encodes ${upi}`);
