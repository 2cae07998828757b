/**
 * Writes public/images/payment-qr.svg: the UPI QR code the enrolment page shows for paying the
 * society's fee, made from content/membership.yaml's payee. Run after changing the payee:
 * node scripts/generate/make-payment-qr.ts
 */
import { writeFile } from "node:fs/promises";
import { renderSVG } from "uqr";

// The payee address is fictional (a UPI link with no amount: the applicant types the fee).
const payee = {
  pa: "isgpb.membership@exampleupi",
  pn: "Indian Society of Genetics and Plant Breeding",
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
