/**
 * make-news-media.ts
 *
 * Generates the small PDF attachments of the sample news items in content/news/:
 *
 *   content/news/media/awards-call-2025.pdf              Call for nominations, Society awards 2025
 *   content/news/media/workshop-gab-2025-programme.pdf    Workshop on genomics-assisted breeding, programme
 *   content/news/media/call-for-papers-crop-wild-relatives.pdf  Call for papers, special issue
 *   content/news/media/general-body-notice-2025.pdf      Notice of the annual General Body meeting 2025
 *   content/news/media/awards-call-2026.pdf              Call for nominations, Society awards 2026
 *   content/news/media/membership-circular-2026-27.pdf   Circular on membership subscriptions 2026-27
 *   content/news/media/election-notice-2027-2028.pdf     Notice of election to the Executive Council
 *   content/news/media/general-body-notice-2026.pdf      Notice of the annual General Body meeting 2026
 *
 * Run from the repository root:
 *
 *   node scripts/generate/make-news-media.ts
 *
 * Each document is a one-page A4 notice drawn with pdf-lib and the standard Helvetica fonts: the
 * society's name in a green band, a heading, a reference and date line, a few paragraphs (and, where
 * useful, a short list), the signatory and a footer. The PDF creation and modification dates are fixed
 * to the date of each notice, so reruns produce byte-identical files. All names are fictional and all
 * e-mail addresses use example.org. Edit the text below and rerun the script to update the files.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Color, PDFFont, PDFPage } from "pdf-lib";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "content", "news", "media");

const SOCIETY = "Indian Society of Genetics and Plant Breeding";

function hex(value: string): Color {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}
const DEEP_GREEN = hex("#1f5130");
const LEAF_GREEN = hex("#4f8a3c");
const WHEAT_GOLD = hex("#c9a227");
const CREAM = hex("#f6f1e3");
const INK = hex("#1d2a22");
const GREY = hex("#5b675f");

// A4 in points.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 62;
const RIGHT = PAGE_W - 62;
const BOTTOM = 70;

interface Notice {
  /** Output file name inside content/news/media/. */
  file: string;
  /** Heading printed on the page and the PDF title. */
  title: string;
  /** Kind of document, printed above the heading (e.g. "Notice", "Circular"). */
  kind: string;
  /** Reference number printed under the heading. */
  reference: string;
  /** Date of issue as printed, e.g. "10 November 2025". */
  dated: string;
  /** ISO date of issue; used as the fixed PDF creation and modification date. */
  isoDate: string;
  paragraphs: string[];
  /** Optional short list printed after the paragraph with this index. */
  list?: { after: number; items: string[] };
  /** Signatory lines, e.g. ["Secretary", "secretary@example.org"]. */
  signature: string[];
  keywords: string[];
}

/** Split text into lines no wider than maxW at the given size. */
function wrap(text: string, font: PDFFont, size: number, maxW: number): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && font.widthOfTextAtSize(next, size) > maxW) {
      lines.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

async function render(n: Notice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(`${n.isoDate}T00:00:00+05:30`);
  doc.setTitle(n.title, { showInWindowTitleBar: true });
  doc.setAuthor(SOCIETY);
  doc.setSubject(`${n.kind}: ${n.title}`);
  doc.setKeywords(["ISGPB", ...n.keywords]);
  doc.setCreator(`${SOCIETY} website (scripts/generate/make-news-media.ts)`);
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-IN");
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const reg = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  const page: PDFPage = doc.addPage([PAGE_W, PAGE_H]);
  let y = PAGE_H;

  // Society band.
  page.drawRectangle({ x: 0, y: PAGE_H - 96, width: PAGE_W, height: 96, color: DEEP_GREEN });
  page.drawRectangle({ x: 0, y: PAGE_H - 101, width: PAGE_W, height: 5, color: WHEAT_GOLD });
  page.drawText(SOCIETY, { x: LEFT, y: PAGE_H - 50, size: 16, font: bold, color: CREAM });
  page.drawText(
    "Founded 1941  \u00b7  New Delhi  \u00b7  Publisher of the Indian Journal of Genetics and Plant Breeding",
    {
      x: LEFT,
      y: PAGE_H - 70,
      size: 8.5,
      font: reg,
      color: CREAM,
    },
  );
  y = PAGE_H - 140;

  // Kind, heading, reference and date.
  page.drawText(n.kind.toUpperCase(), { x: LEFT, y, size: 9, font: bold, color: LEAF_GREEN });
  y -= 24;
  for (const line of wrap(n.title, bold, 18, RIGHT - LEFT)) {
    page.drawText(line, { x: LEFT, y, size: 18, font: bold, color: DEEP_GREEN });
    y -= 23;
  }
  y -= 2;
  page.drawText(`Ref. ${n.reference}`, { x: LEFT, y, size: 9.5, font: reg, color: GREY });
  const dated = `Dated ${n.dated}`;
  page.drawText(dated, {
    x: RIGHT - reg.widthOfTextAtSize(dated, 9.5),
    y,
    size: 9.5,
    font: reg,
    color: GREY,
  });
  y -= 12;
  page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.8, color: WHEAT_GOLD });
  y -= 12;

  const size = 10.5;
  const leading = size * 1.5;
  const para = (text: string, indent = 0) => {
    for (const line of wrap(text, reg, size, RIGHT - LEFT - indent)) {
      y -= leading;
      if (y < BOTTOM) throw new Error(`${n.file}: text does not fit on one page`);
      page.drawText(line, { x: LEFT + indent, y, size, font: reg, color: INK });
    }
  };
  n.paragraphs.forEach((text, i) => {
    para(text);
    y -= 8;
    if (n.list && n.list.after === i) {
      for (const item of n.list.items) {
        page.drawCircle({ x: LEFT + 8, y: y - leading + 3.5, size: 2.2, color: LEAF_GREEN });
        para(item, 18);
        y -= 3;
      }
      y -= 6;
    }
  });

  // Signatory.
  y -= 18;
  n.signature.forEach((line, i) => {
    page.drawText(line, { x: LEFT, y, size: 10.5, font: i === 0 ? bold : reg, color: INK });
    y -= 15;
  });

  // Footer.
  page.drawLine({ start: { x: LEFT, y: 52 }, end: { x: RIGHT, y: 52 }, thickness: 0.5, color: GREY });
  page.drawText(SOCIETY, { x: LEFT, y: 38, size: 8, font: reg, color: GREY });
  const site = "www.isgpb.org";
  page.drawText(site, { x: RIGHT - reg.widthOfTextAtSize(site, 8), y: 38, size: 8, font: reg, color: GREY });

  return doc.save();
}

const SECRETARY = ["Secretary", SOCIETY, "secretary@example.org"];

const NOTICES: Notice[] = [
  {
    file: "awards-call-2025.pdf",
    kind: "Call for nominations",
    title: "Society Awards 2025",
    reference: "ISGPB/AWD/2025/01",
    dated: "8 January 2025",
    isoDate: "2025-01-08",
    paragraphs: [
      "The Indian Society of Genetics and Plant Breeding invites nominations for its awards for the year 2025. " +
        "The awards recognise members whose research, teaching or service has strengthened genetics and plant " +
        "breeding in India, and the Society would like the nominations to reflect the full range of crops, " +
        "institutions and regions in which its members work.",
      "The following awards are open in 2025:",
      "Each nomination should be made on the Award Nomination Form and should include a citation of not more " +
        "than 300 words, a curriculum vitae, a list of publications with the five most important marked, and " +
        "reprints or copies of those five. The award guidelines and the form can be downloaded from the Awards " +
        "page of the Society's website. Nominees must be members of the Society whose membership is current.",
      "Nominations should reach the Secretary by e-mail on or before Monday, 31 March 2025. Incomplete " +
        "nominations will not be considered. The awards will be announced in August and presented at the annual " +
        "General Body meeting.",
    ],
    list: {
      after: 1,
      items: [
        "Women Scientist Award",
        "Dr. G. D. Vaidya Memorial Award, for research on the genetic improvement of field crops",
        "Dr. S. L. Menon Memorial Award, for the best paper in the journal in 2024 (no nomination needed)",
        "Dr. H. L. Chopra Memorial Award, for early-career scientists",
        "Dr. K. S. Sundaresan Memorial Award, for an outstanding doctoral thesis",
        "Dr. B. N. Sarkar Memorial Award, for work on plant genetic resources",
      ],
    },
    signature: SECRETARY,
    keywords: ["awards", "nominations", "2025"],
  },
  {
    file: "workshop-gab-2025-programme.pdf",
    kind: "Programme",
    title: "Workshop on Genomics-Assisted Breeding, 18 to 22 August 2025",
    reference: "ISGPB/WS/2025/02",
    dated: "1 July 2025",
    isoDate: "2025-07-01",
    paragraphs: [
      "The Society will hold a five-day residential workshop on genomics-assisted breeding in New Delhi from " +
        "Monday, 18 August to Friday, 22 August 2025. The workshop is meant for breeders who already run field " +
        "programmes and want to bring marker and genomic information into their selection decisions, and for " +
        "doctoral students who are planning such work.",
      "Each day combines a morning of lectures with an afternoon of hands-on sessions at the computer. " +
        "Participants should bring a laptop; the software used is free and will be installed on the first day.",
      "Places are limited to thirty. Members of the Society and early-career scientists from state agricultural " +
        "universities will be given preference. Applications, with a one-page statement of the applicant's " +
        "breeding programme and a letter of support from the head of the institution, should be sent to " +
        "workshop@example.org by Friday, 25 July 2025. Selected participants will be informed by 1 August.",
    ],
    list: {
      after: 1,
      items: [
        "Day 1: Designing a breeding programme around genomic tools; marker types and genotyping platforms.",
        "Day 2: Linkage and association mapping; checking the quality of genotype data.",
        "Day 3: Marker-assisted backcrossing and forward selection for major genes.",
        "Day 4: Genomic prediction and genomic selection; training populations and accuracy.",
        "Day 5: Participants' own data, costs and logistics, and a closing discussion.",
      ],
    },
    signature: ["Workshop Convener", SOCIETY, "workshop@example.org"],
    keywords: ["workshop", "genomics-assisted breeding", "programme"],
  },
  {
    file: "call-for-papers-crop-wild-relatives.pdf",
    kind: "Call for papers",
    title: "Special Issue on Crop Wild Relatives and Pre-breeding",
    reference: "ISGPB/IJGPB/2025/CFP-1",
    dated: "15 September 2025",
    isoDate: "2025-09-15",
    paragraphs: [
      "The Indian Journal of Genetics and Plant Breeding will publish a special issue on crop wild relatives and " +
        "pre-breeding in Volume 86 (2026). Wild relatives and landraces hold much of the variation that breeders " +
        "will need for heat, drought, new diseases and better nutrition, yet moving that variation into " +
        "adapted backgrounds remains slow and costly. The special issue aims to bring together work that " +
        "shortens this path.",
      "The guest editors, Dr. Anupama Gill and Dr. Sridhar Venkatesan, welcome original research articles, short " +
        "communications and focused reviews on the collection and characterisation of wild germplasm, " +
        "interspecific hybridisation and bridging crosses, introgression libraries, genomic tools for tracking " +
        "wild segments, and the evaluation of pre-breeding material in farmers' fields.",
      "Manuscripts should follow the journal's instructions to authors and be submitted through the journal's " +
        "online system, choosing the special issue when asked for the article type. The last date for " +
        "submission is Saturday, 31 January 2026. All papers will be peer reviewed in the usual way.",
      "Questions about the scope of the issue may be sent to the Editor at editor@example.org.",
    ],
    signature: ["Editor", "Indian Journal of Genetics and Plant Breeding", "editor@example.org"],
    keywords: ["journal", "call for papers", "crop wild relatives", "pre-breeding"],
  },
  {
    file: "general-body-notice-2025.pdf",
    kind: "Notice",
    title: "Annual General Body Meeting 2025",
    reference: "ISGPB/GBM/2025",
    dated: "10 November 2025",
    isoDate: "2025-11-10",
    paragraphs: [
      "Notice is hereby given that the annual meeting of the General Body of the Indian Society of Genetics and " +
        "Plant Breeding will be held on Friday, 12 December 2025 at 3.00 p.m. in New Delhi. Members who cannot " +
        "attend in person may join online; the link will be sent by e-mail to all members a week before the " +
        "meeting.",
      "The agenda of the meeting is as follows:",
      "Members who wish to raise a matter under the last item are requested to write to the Secretary by " +
        "Friday, 28 November 2025. The audited statement of accounts will be placed on the members' page of the " +
        "website two weeks before the meeting. Only Life and Ordinary members may vote.",
    ],
    list: {
      after: 1,
      items: [
        "Confirmation of the minutes of the annual General Body meeting held in December 2024.",
        "Report of the Secretary on the activities of the Society during 2025.",
        "Audited statement of accounts for the financial year 2024-25, presented by the Treasurer.",
        "Report of the Editor on the Indian Journal of Genetics and Plant Breeding.",
        "Presentation of the Society's awards for 2025.",
        "Appointment of auditors for the financial year 2025-26.",
        "Any other matter, with the permission of the Chair.",
      ],
    },
    signature: SECRETARY,
    keywords: ["General Body", "annual meeting", "notice", "2025"],
  },
  {
    file: "awards-call-2026.pdf",
    kind: "Call for nominations",
    title: "Society Awards 2026",
    reference: "ISGPB/AWD/2026/01",
    dated: "12 January 2026",
    isoDate: "2026-01-12",
    paragraphs: [
      "The Indian Society of Genetics and Plant Breeding invites nominations for its awards for the year 2026. " +
        "This year the biennial Life Time Achievement Award is also open, and the Executive Council hopes that " +
        "members will take the time to nominate colleagues whose careers deserve wider recognition.",
      "The following awards are open in 2026:",
      "Nominations should be made on the Award Nomination Form, with a citation of not more than 300 words, a " +
        "curriculum vitae, a list of publications with the five most important marked, and copies of those " +
        "five. For the Life Time Achievement Award the citation may run to 500 words. The guidelines and the " +
        "form are on the Awards page of the Society's website.",
      "Nominations should reach the Secretary by e-mail on or before Tuesday, 31 March 2026. Nominees must be " +
        "members of the Society whose membership is current on that date.",
    ],
    list: {
      after: 1,
      items: [
        "Life Time Achievement Award",
        "Women Scientist Award",
        "Dr. H. L. Chopra Memorial Award, for early-career scientists",
        "Dr. N. D. Joglekar Memorial Award, for the breeding of pulses and oilseeds",
        "Dr. K. S. Sundaresan Memorial Award, for an outstanding doctoral thesis",
        "Dr. I. C. Ahluwalia Memorial Award, for excellence in teaching",
        "Dr. S. L. Menon Memorial Award, for the best paper in the journal in 2025 (no nomination needed)",
      ],
    },
    signature: SECRETARY,
    keywords: ["awards", "nominations", "2026"],
  },
  {
    file: "membership-circular-2026-27.pdf",
    kind: "Circular",
    title: "Membership Subscriptions for 2026-27",
    reference: "ISGPB/TRS/2026/04",
    dated: "1 April 2026",
    isoDate: "2026-04-01",
    paragraphs: [
      "The Society's financial year 2026-27 begins on 1 April 2026, and annual subscriptions for the year are " +
        "now due from all Ordinary members. The current rates are shown on the membership page of the " +
        "Society's website. No admission fee is charged.",
      "Subscriptions are paid offline, by transfer to the Society's bank account, whose details are given on " +
        "the enrolment page of the website. After paying, please send the transaction reference, the date of " +
        "payment and your membership number to treasurer@example.org so that the payment can be credited " +
        "without delay.",
      "Members whose subscription for 2025-26 is still unpaid will receive a reminder from the Treasurer during " +
        "April. Under the rules of the Society, a member who has not paid within three months of that reminder " +
        "is removed from the register of members, and with it from the journal's mailing list.",
      "Ordinary members may prefer to become Life members. The life membership fee is equal to twelve annual " +
        "subscriptions and may be paid at once or in up to three instalments within one year. Members with " +
        "more than twelve years of continuous membership may commute to life membership, with the fees paid " +
        "for the previous six years credited towards the life membership fee.",
    ],
    signature: ["Treasurer", SOCIETY, "treasurer@example.org"],
    keywords: ["membership", "subscription", "financial year", "2026-27"],
  },
  {
    file: "election-notice-2027-2028.pdf",
    kind: "Notice of election",
    title: "Election to the Executive Council for 2027-2028",
    reference: "ISGPB/ELN/2026",
    dated: "8 June 2026",
    isoDate: "2026-06-08",
    paragraphs: [
      "The term of the present Executive Council ends on 31 December 2026. Elections will therefore be held to " +
        "the following offices for the term 2027-2028. Under the rules of the Society, the President and the " +
        "Editor are selected by a collegium and are not part of this election.",
      "Only Life and Ordinary members whose membership is current may stand for election, propose or second a " +
        "candidate, or vote. Each nomination must be proposed and seconded by voting members, carry the " +
        "written consent of the candidate, and reach the Returning Officer by Monday, 31 August 2026.",
      "No member may be elected to the same office for more than two consecutive terms. The list of valid " +
        "nominations will be sent to all members in September, and voting will close on Saturday, 31 October " +
        "2026. The results will be declared at the annual General Body meeting in December 2026.",
      "Nomination forms and the voting procedure are available from the Returning Officer, Dr. Madhavi " +
        "Kulshreshtha, at elections@example.org.",
    ],
    list: {
      after: 0,
      items: [
        "Two Vice-Presidents",
        "Secretary",
        "Treasurer",
        "Six Councillors, one for each zone: NZ, EZ, MEZ, CZ, WZ and SZ",
      ],
    },
    signature: ["Dr. Madhavi Kulshreshtha", "Returning Officer", "elections@example.org"],
    keywords: ["election", "Executive Council", "2027-2028", "notice"],
  },
  {
    file: "general-body-notice-2026.pdf",
    kind: "Notice",
    title: "Annual General Body Meeting 2026",
    reference: "ISGPB/GBM/2026",
    dated: "29 October 2026",
    isoDate: "2026-10-29",
    paragraphs: [
      "Notice is hereby given that the annual meeting of the General Body of the Indian Society of Genetics and " +
        "Plant Breeding will be held on Friday, 4 December 2026 at 3.00 p.m. in New Delhi, with the option of " +
        "joining online. The link will be sent by e-mail to all members a week before the meeting.",
      "The agenda of the meeting is as follows:",
      "Members who wish to raise a matter under the last item are requested to write to the Secretary by " +
        "Friday, 20 November 2026. The audited statement of accounts will be placed on the members' page of the " +
        "website two weeks before the meeting.",
    ],
    list: {
      after: 1,
      items: [
        "Confirmation of the minutes of the annual General Body meeting held on 12 December 2025.",
        "Report of the Secretary on the activities of the Society during 2026.",
        "Audited statement of accounts for the financial year 2025-26, presented by the Treasurer.",
        "Report of the Editor on the Indian Journal of Genetics and Plant Breeding.",
        "Presentation of the Society's awards for 2026 and admission of the new Fellows.",
        "Declaration by the Returning Officer of the results of the election to the Executive Council for 2027-2028.",
        "Appointment of auditors for the financial year 2026-27.",
        "Any other matter, with the permission of the Chair.",
      ],
    },
    signature: SECRETARY,
    keywords: ["General Body", "annual meeting", "notice", "2026"],
  },
];

await mkdir(OUT_DIR, { recursive: true });
for (const notice of NOTICES) {
  const bytes = await render(notice);
  const file = join(OUT_DIR, notice.file);
  await writeFile(file, bytes);
  console.log(`wrote ${file} (${bytes.length} bytes)`);
}
