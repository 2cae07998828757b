import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatDay } from "#shared/format-date.ts";
import { formatIndianNumber } from "#shared/format-number.ts";
import { rupeesInWords } from "#shared/membership/amount-in-words.ts";
import type { ReceiptDocument } from "./receipts.server.ts";

/**
 * A receipt as a PDF (decision 0055), drawn on the server with @react-pdf/renderer from the
 * receipt's data alone: the download and the e-mail's attachment are the same document. The PDF's
 * built-in Helvetica has no rupee sign, so amounts are written "Rs."; the document's title is the
 * receipt's number, which a reader's window shows (and the tests read).
 */

const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 11, fontFamily: "Helvetica", color: "#1a1a1a" },
  society: { fontSize: 16, fontFamily: "Helvetica-Bold", textAlign: "center" },
  registration: { fontSize: 9, textAlign: "center", marginTop: 4, color: "#444444" },
  title: { fontSize: 13, fontFamily: "Helvetica-Bold", textAlign: "center", marginTop: 24 },
  refunded: {
    marginTop: 12,
    padding: 6,
    borderWidth: 1,
    borderColor: "#9b1c1c",
    color: "#9b1c1c",
    textAlign: "center",
    fontFamily: "Helvetica-Bold",
  },
  rows: { marginTop: 24, borderTopWidth: 1, borderColor: "#cccccc" },
  row: { flexDirection: "row", paddingVertical: 6, borderBottomWidth: 1, borderColor: "#cccccc" },
  label: { width: 150, color: "#444444" },
  value: { flex: 1 },
  note: { marginTop: 32, fontSize: 9, color: "#444444" },
});

const rupees = (amount: number) => `Rs. ${formatIndianNumber(amount)}`;

/** The receipt's lines, label and value, in the order printed. */
export function receiptRows(receipt: ReceiptDocument): [string, string][] {
  return [
    ["Receipt number", receipt.number],
    ["Date of receipt", formatDay(receipt.issuedOn)],
    ["Received from", receipt.name],
    ["Membership number", receipt.memberNo],
    ["Towards", receipt.paidFor],
    [
      "Amount",
      receipt.amount === null ? "Not stated (the fee was still to be announced)" : rupees(receipt.amount),
    ],
    ...(receipt.amount === null
      ? []
      : ([["Amount in words", rupeesInWords(receipt.amount)]] as [string, string][])),
    ["Money received on", formatDay(receipt.receivedOn)],
    ["Payment reference", receipt.reference],
    ...(receipt.paymentId
      ? ([["Payment id / bank reference", receipt.paymentId]] as [string, string][])
      : []),
  ];
}

export function ReceiptPdf({ receipt }: { receipt: ReceiptDocument }) {
  return (
    <Document
      title={`Receipt ${receipt.number}`}
      subject={`${receipt.society.name}: receipt ${receipt.number}`}
      author={receipt.society.name}
      creator={receipt.society.name}
      producer={receipt.society.name}
      language="en-IN"
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.society}>{receipt.society.name}</Text>
        <Text style={styles.registration}>{receipt.society.registration}</Text>
        <Text style={styles.title}>Receipt</Text>
        {receipt.refundedOn ? (
          <Text style={styles.refunded}>{`Refunded on ${formatDay(receipt.refundedOn)}`}</Text>
        ) : null}
        <View style={styles.rows}>
          {receiptRows(receipt).map(([label, value]) => (
            <View key={label} style={styles.row}>
              <Text style={styles.label}>{label}</Text>
              <Text style={styles.value}>{value}</Text>
            </View>
          ))}
        </View>
        <Text style={styles.note}>
          This receipt was issued by the society's website when the payment was recorded, and needs no
          signature. Its number is never given to another payment.
        </Text>
      </Page>
    </Document>
  );
}

/** The receipt's PDF, as bytes. */
export const renderReceiptPdf = (receipt: ReceiptDocument): Promise<Buffer> =>
  renderToBuffer(<ReceiptPdf receipt={receipt} />);
