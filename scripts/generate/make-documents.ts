/**
 * make-documents.ts
 *
 * Generates the static, downloadable PDF documents of the Indian Society of
 * Genetics and Plant Breeding website:
 *
 *   public/downloads/award-guidelines.pdf        Guidelines for Nominations to the Society's Awards
 *   public/downloads/award-application-form.pdf  Award Nomination Form (printable, fillable on screen)
 *   public/downloads/congress-brochure.pdf       Second National Genetic Congress brochure
 *   public/downloads/application-form.pdf        Application for Membership (printable, fillable on screen)
 *
 * Run from the repository root:
 *
 *   node scripts/generate/make-documents.ts
 *
 * Uses pdf-lib (devDependency) with the standard Helvetica fonts, A4 pages,
 * simple word-wrapped text, a header line with the society's name and page
 * numbers. Metadata dates are fixed, so reruns produce identical bytes.
 * Edit the text below and rerun the script to update the documents.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Color, PDFFont, PDFForm, PDFPage, PDFRadioGroup } from "pdf-lib";
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "downloads");

const SOCIETY = "Indian Society of Genetics and Plant Breeding";
const SECRETARY_EMAIL = "secretary@example.org";
/** Fixed metadata date so that reruns give byte-identical files. */
const FIXED_DATE = new Date("2025-01-01T00:00:00Z");

// ---------------------------------------------------------------- palette
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
const RULE = hex("#8a958d");

/**
 * Width of `text` as a PDF viewer renders it. pdf-lib's widthOfTextAtSize
 * applies kerning pairs, but drawText does not kern, so runs placed next to
 * each other would overlap slightly; sum the widths of single glyphs instead.
 */
function advance(font: PDFFont, text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += font.widthOfTextAtSize(ch, size);
  return w;
}

// ---------------------------------------------------------------- page geometry (A4, points)
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 56;
const RIGHT = PAGE_W - 56;
const WIDTH = RIGHT - LEFT;
const TOP = PAGE_H - 78;
const BOTTOM = 64;

interface DocMeta {
  file: string;
  title: string;
  subject: string;
  keywords: string[];
}

interface Field {
  label: string;
  /** AcroForm field name; omit for a plain line (e.g. a signature). */
  name?: string;
  /** Relative width within a row. */
  weight?: number;
}

/** A small layout engine: a cursor moving down A4 pages. */
class Writer {
  doc: PDFDocument;
  reg: PDFFont;
  bold: PDFFont;
  form: PDFForm;
  meta: DocMeta;
  page!: PDFPage;
  y = 0;

  constructor(doc: PDFDocument, reg: PDFFont, bold: PDFFont, meta: DocMeta) {
    this.doc = doc;
    this.reg = reg;
    this.bold = bold;
    this.meta = meta;
    this.form = doc.getForm();
    this.newPage();
  }

  static async create(meta: DocMeta): Promise<Writer> {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setAuthor(SOCIETY);
    doc.setSubject(meta.subject);
    doc.setKeywords(meta.keywords);
    doc.setCreator(`${SOCIETY} website (scripts/generate/make-documents.ts)`);
    doc.setProducer("pdf-lib");
    doc.setLanguage("en-IN");
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    const reg = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new Writer(doc, reg, bold, meta);
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    const p = this.page;
    const top = PAGE_H - 40;
    p.drawText(SOCIETY, { x: LEFT, y: top, size: 9, font: this.bold, color: DEEP_GREEN });
    const t = this.meta.title;
    p.drawText(t, {
      x: RIGHT - advance(this.reg, t, 8.5),
      y: top,
      size: 8.5,
      font: this.reg,
      color: GREY,
    });
    p.drawLine({
      start: { x: LEFT, y: top - 8 },
      end: { x: RIGHT, y: top - 8 },
      thickness: 1,
      color: WHEAT_GOLD,
    });
    this.y = TOP;
  }

  /** Start a new page unless `h` points fit above the bottom margin. */
  ensure(h: number): void {
    if (this.y - h < BOTTOM) this.newPage();
  }

  space(h: number): void {
    this.y -= h;
  }

  /** Page numbers and footer line on every page; call once at the end. */
  finish(): void {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      p.drawLine({ start: { x: LEFT, y: 46 }, end: { x: RIGHT, y: 46 }, thickness: 0.5, color: RULE });
      const left = "Founded 1941 \u00b7 Registered 1951 \u00b7 New Delhi";
      p.drawText(left, { x: LEFT, y: 33, size: 8, font: this.reg, color: GREY });
      const num = `Page ${i + 1} of ${pages.length}`;
      p.drawText(num, {
        x: RIGHT - advance(this.reg, num, 8),
        y: 33,
        size: 8,
        font: this.reg,
        color: GREY,
      });
    });
  }

  async save(): Promise<Uint8Array> {
    this.finish();
    return this.doc.save();
  }

  // ------------------------------------------------------------ text
  title(text: string, sub?: string): void {
    this.ensure(60);
    this.y -= 20;
    this.page.drawText(text, { x: LEFT, y: this.y, size: 19, font: this.bold, color: DEEP_GREEN });
    this.y -= 8;
    if (sub) {
      this.y -= 12;
      this.page.drawText(sub, { x: LEFT, y: this.y, size: 10.5, font: this.reg, color: GREY });
      this.y -= 6;
    }
    this.y -= 10;
  }

  heading(text: string): void {
    this.ensure(66); // keep with at least a couple of following lines
    this.y -= 20;
    this.page.drawRectangle({ x: LEFT, y: this.y - 2, width: 4, height: 13, color: WHEAT_GOLD });
    this.page.drawText(text, { x: LEFT + 10, y: this.y, size: 12.5, font: this.bold, color: DEEP_GREEN });
    this.y -= 5;
  }

  /**
   * Word-wrapped paragraph. Text between **double asterisks** is bold.
   * `bullet` draws a marker in the indent of the first line.
   */
  para(
    text: string,
    opts: {
      size?: number;
      indent?: number;
      after?: number;
      color?: Color;
      bullet?: string;
      box?: boolean;
    } = {},
  ): void {
    const size = opts.size ?? 10.5;
    const leading = size * 1.45;
    const x0 = LEFT + (opts.indent ?? 0);
    const maxW = RIGHT - x0;
    const color = opts.color ?? INK;
    // Words carry their font and whether a space precedes them; punctuation
    // right after a bold run (e.g. "**seconder**.") is glued to it.
    type Word = { w: string; font: PDFFont; glue: boolean };
    const words: Word[] = [];
    let prevEndsWithSpace = true;
    text.split("**").forEach((chunk, i) => {
      const font = i % 2 === 1 ? this.bold : this.reg;
      const startsWithSpace = chunk === "" || /^\s/.test(chunk);
      chunk
        .split(/\s+/)
        .filter(Boolean)
        .forEach((w, wi) => {
          words.push({ w, font, glue: wi === 0 && !startsWithSpace && !prevEndsWithSpace });
        });
      if (chunk) prevEndsWithSpace = /\s$/.test(chunk);
    });
    const space = this.reg.widthOfTextAtSize(" ", size);
    const lines: Word[][] = [];
    let line: Word[] = [];
    let lineW = 0;
    for (const word of words) {
      const ww = advance(word.font, word.w, size);
      const sep = line.length && !word.glue ? space : 0;
      if (line.length && !word.glue && lineW + sep + ww > maxW) {
        lines.push(line);
        line = [];
        lineW = 0;
      }
      lineW += (line.length && !word.glue ? space : 0) + ww;
      line.push(word);
    }
    if (line.length) lines.push(line);
    lines.forEach((ln, li) => {
      this.ensure(leading);
      this.y -= leading;
      if (li === 0 && opts.box) this.tickBox(x0 - 17, this.y);
      if (li === 0 && opts.bullet) {
        const bw = this.bold.widthOfTextAtSize(opts.bullet, size);
        this.page.drawText(opts.bullet, {
          x: x0 - bw - 5,
          y: this.y,
          size,
          font: this.bold,
          color: LEAF_GREEN,
        });
      }
      // Draw runs of words that share a font.
      let x = x0;
      let run = "";
      let runFont = ln[0]?.font ?? this.reg;
      const flush = () => {
        if (!run) return;
        this.page.drawText(run, { x, y: this.y, size, font: runFont, color });
        x += advance(runFont, run, size);
        run = "";
      };
      ln.forEach((word, wi) => {
        if (word.font !== runFont) {
          flush();
          runFont = word.font;
        }
        run += (wi > 0 && !word.glue ? " " : "") + word.w;
      });
      flush();
    });
    this.y -= opts.after ?? 6;
  }

  bullets(items: string[], opts: { numbered?: boolean; size?: number } = {}): void {
    items.forEach((item, i) => {
      this.para(item, {
        indent: 20,
        after: 3,
        size: opts.size,
        bullet: opts.numbered ? `${i + 1}.` : "\u2022",
      });
    });
    this.y -= 4;
  }

  /** A checklist drawn with empty tick boxes (not form fields). */
  checklist(items: string[]): void {
    for (const item of items) this.para(item, { indent: 20, after: 4, box: true });
    this.y -= 4;
  }

  /** A framed note in a tinted box. */
  note(text: string, size = 9.5): void {
    const pad = 9;
    const leading = size * 1.45;
    const lines = this.wrap(text, this.reg, size, WIDTH - 2 * pad);
    const h = lines.length * leading + 2 * pad - 3;
    this.ensure(h + 8);
    this.y -= 4;
    this.page.drawRectangle({
      x: LEFT,
      y: this.y - h,
      width: WIDTH,
      height: h,
      color: CREAM,
      borderColor: WHEAT_GOLD,
      borderWidth: 0.8,
    });
    let y = this.y - pad - size + 1;
    for (const ln of lines) {
      this.page.drawText(ln, { x: LEFT + pad, y, size, font: this.reg, color: INK });
      y -= leading;
    }
    this.y -= h + 8;
  }

  wrap(text: string, font: PDFFont, size: number, maxW: number): string[] {
    const out: string[] = [];
    let cur = "";
    for (const w of text.split(/\s+/).filter(Boolean)) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && advance(font, next, size) > maxW) {
        out.push(cur);
        cur = w;
      } else cur = next;
    }
    if (cur) out.push(cur);
    return out;
  }

  // ------------------------------------------------------------ form elements
  textField(name: string, x: number, y: number, w: number, h: number, multiline = false): void {
    const f = this.form.createTextField(name);
    if (multiline) f.enableMultiline();
    // Transparent widget: the printed lines and boxes underneath stay visible.
    f.addToPage(this.page, {
      x,
      y,
      width: w,
      height: h,
      borderWidth: 0,
      borderColor: undefined,
      backgroundColor: undefined,
      font: this.reg,
    });
    f.setFontSize(multiline ? 10 : 10.5); // needs the /DA entry that addToPage creates
  }

  /** One row of labelled writing lines, side by side. */
  row(fields: Field[]): void {
    const gap = 18;
    const total = fields.reduce((s, f) => s + (f.weight ?? 1), 0);
    const avail = WIDTH - gap * (fields.length - 1);
    this.ensure(28);
    this.y -= 22;
    let x = LEFT;
    for (const f of fields) {
      const w = (avail * (f.weight ?? 1)) / total;
      if (!f.label && !f.name) {
        x += w + gap; // empty spacer
        continue;
      }
      const lw = advance(this.bold, f.label, 9.5);
      this.page.drawText(f.label, { x, y: this.y, size: 9.5, font: this.bold, color: INK });
      const lx = x + lw + 6;
      this.page.drawLine({
        start: { x: lx, y: this.y - 2 },
        end: { x: x + w, y: this.y - 2 },
        thickness: 0.6,
        color: INK,
      });
      if (f.name) this.textField(f.name, lx + 1, this.y - 1, x + w - lx - 2, 14);
      x += w + gap;
    }
    this.y -= 6;
  }

  /** A label above an open box with room for `lines` handwritten lines (no guide lines, so on-screen text stays clean). */
  box(label: string, name: string, lines: number, hint?: string): void {
    const lh = 19;
    const h = lines * lh + 6;
    this.ensure(h + 26);
    this.y -= 20;
    this.page.drawText(label, { x: LEFT, y: this.y, size: 9.5, font: this.bold, color: INK });
    if (hint) {
      const lw = advance(this.bold, label, 9.5);
      this.page.drawText(hint, { x: LEFT + lw + 6, y: this.y, size: 8.5, font: this.reg, color: GREY });
    }
    this.y -= 6;
    const top = this.y;
    this.page.drawRectangle({
      x: LEFT,
      y: top - h,
      width: WIDTH,
      height: h,
      borderColor: INK,
      borderWidth: 0.6,
    });
    this.textField(name, LEFT + 3, top - h + 3, WIDTH - 6, h - 6, true);
    this.y = top - h - 4;
  }

  /** Draw an empty 10 pt tick box beside a label whose baseline is `y`. */
  tickBox(x: number, y: number): void {
    this.page.drawRectangle({ x, y: y - 1.5, width: 10, height: 10, borderColor: INK, borderWidth: 0.8 });
  }

  /**
   * A labelled group of tick boxes flowing left to right. With `radio` the
   * options form one exclusive AcroForm radio group; otherwise each option
   * is its own check box named by `names[i]`.
   */
  ticks(label: string, options: string[], opts: { radio?: string; names?: string[] } = {}): void {
    const size = 10;
    this.ensure(26);
    this.y -= 22;
    let x = LEFT;
    if (label) {
      this.page.drawText(label, { x, y: this.y, size: 9.5, font: this.bold, color: INK });
      x += Math.max(advance(this.bold, label, 9.5) + 12, 0);
    }
    const startX = x;
    let group: PDFRadioGroup | undefined;
    if (opts.radio) group = this.form.createRadioGroup(opts.radio);
    options.forEach((opt, i) => {
      const w = 10 + 5 + advance(this.reg, opt, size) + 18;
      if (x + w - 18 > RIGHT) {
        this.y -= 20;
        x = startX;
      }
      this.tickBox(x, this.y);
      const widget = {
        x: x + 0.5,
        y: this.y - 1,
        width: 9,
        height: 9,
        borderWidth: 0,
        borderColor: undefined,
        backgroundColor: undefined,
      };
      if (group) group.addOptionToPage(opt, this.page, widget);
      else if (opts.names?.[i]) this.form.createCheckBox(opts.names[i]).addToPage(this.page, widget);
      this.page.drawText(opt, { x: x + 15, y: this.y, size, font: this.reg, color: INK });
      x += w;
    });
    this.y -= 6;
  }

  /** A small uppercase section label with a rule, for forms. */
  section(text: string): void {
    this.ensure(70);
    this.y -= 22;
    this.page.drawText(text.toUpperCase(), {
      x: LEFT,
      y: this.y,
      size: 10,
      font: this.bold,
      color: DEEP_GREEN,
    });
    this.page.drawLine({
      start: { x: LEFT, y: this.y - 5 },
      end: { x: RIGHT, y: this.y - 5 },
      thickness: 0.8,
      color: LEAF_GREEN,
    });
    this.y -= 4;
  }
}

async function write(w: Writer): Promise<void> {
  const bytes = await w.save();
  const file = join(OUT_DIR, w.meta.file);
  await writeFile(file, bytes);
  console.log(`wrote ${file} (${bytes.length} bytes, ${w.doc.getPageCount()} pages)`);
}

// ================================================================ award guidelines
async function awardGuidelines(): Promise<void> {
  const w = await Writer.create({
    file: "award-guidelines.pdf",
    title: "Guidelines for Nominations to the Society's Awards",
    subject: "How to nominate a member for an award of the Indian Society of Genetics and Plant Breeding",
    keywords: ["ISGPB", "awards", "nominations", "guidelines", "genetics", "plant breeding"],
  });
  w.title("Guidelines for Nominations to the Society's Awards");
  w.para(
    "The Indian Society of Genetics and Plant Breeding recognises distinguished work in genetics, plant breeding and " +
      "allied sciences through its awards. They include the Life Time Achievement Award, the Women Scientist Award " +
      "and a number of memorial awards; some are given every year and some every second year. The full list of " +
      "awards and their past recipients is on the Awards page of the society's website.",
  );
  w.para(
    "These guidelines explain who may nominate a candidate, what a nomination contains, how nominations are " +
      "assessed and where to send them. Where the call for nominations for a particular award states a further " +
      "condition, that condition applies as well.",
  );

  w.heading("1. Who may nominate");
  w.bullets([
    "Every nomination is made by two members of the society: a **proposer** and a **seconder**. Both sign the nomination form.",
    "The proposer and the seconder should be members in good standing, with their subscriptions paid up, and should know the nominee's work well enough to comment on it.",
    "Self-nominations are not accepted: the nominee cannot act as proposer or seconder.",
    "A member who serves on the committee assessing an award should not propose or second a nomination for that award.",
  ]);

  w.heading("2. Who may be nominated");
  w.bullets([
    "For most awards the nominee must be a **life member** of the society. The call for nominations states, for each award, whether life membership is required.",
    "The work cited should lie in genetics, plant breeding or a closely related field, and the nominee's own part in it should be clear.",
    "A person who has already received a particular award is not nominated for the same award again.",
    "A member whose membership has been cancelled for arrears of subscription is not eligible until the membership is restored.",
  ]);

  w.heading("3. What a nomination contains");
  w.para("A complete nomination has the following parts:", { after: 2 });
  w.bullets(
    [
      "The **Award Nomination Form**, completed and signed by the proposer and the seconder (it can be downloaded from the Awards page of the society's website).",
      "A **citation**: a short statement, written by the proposer, of the nominee's main achievements and why they merit the award (about one page).",
      "The nominee's **curriculum vitae**: education, positions held, honours received and students guided.",
      "A **list of publications**, including other outputs such as varieties released, germplasm registered and patents.",
      "Copies of **up to five best papers** of the nominee, chosen to show the contribution for which the award is proposed.",
    ],
    { numbered: true },
  );
  w.para("Incomplete nominations may not be considered.");

  w.heading("4. How nominations are judged");
  w.para(
    "For each award the **Executive Council** appoints a committee of experts. The committee reviews every eligible " +
      "nomination received for the award and scores it against criteria such as:",
    { after: 2 },
  );
  w.bullets([
    "**Originality** and scientific quality of the work.",
    "**Impact on crop improvement**: varieties, hybrids, germplasm, methods or knowledge taken up by breeders and farmers.",
    "**Mentoring**: students and young scientists trained and guided.",
    "**Recognition by peers** and **service** to the profession and to the society.",
  ]);
  w.para(
    "The committee's recommendations go to the Executive Council, which takes the final decision. The committee " +
      "may recommend that an award is not made in a given cycle if no nomination reaches the required standard. " +
      "The deliberations of the committee are confidential.",
  );

  w.heading("5. How to send a nomination");
  w.para(`Address the nomination to **the Secretary, ${SOCIETY}**, and send it in either of two ways:`, {
    after: 2,
  });
  w.bullets([
    "**By post** to the society's office in New Delhi (the postal address is on the Contact page of the website), with the name of the award written on the envelope.",
    `**By e-mail** to **${SECRETARY_EMAIL}**, with the signed form and all enclosures as PDF files and the name of the award in the subject line.`,
  ]);
  w.para(
    "Nominations must reach the Secretary by the closing date given in the call for nominations. Send one " +
      "nomination for each award: a candidate proposed for two awards needs two separate nominations.",
  );

  w.heading("6. Annual and biennial awards");
  w.para(
    "Some awards are given every year and others every second year. **Biennial awards are considered in alternate " +
      "years**, so a biennial award is open for nominations only in the years in which it falls due. The call for " +
      "nominations lists the awards open in each cycle; please check it before sending a nomination.",
  );

  w.heading("7. Checklist before sending");
  w.checklist([
    "Form completed and signed by a proposer and a seconder, both members of the society",
    "Nominee's eligibility checked, including life membership where required",
    "Citation, curriculum vitae and list of publications enclosed",
    "Copies of up to five best papers enclosed",
    "Name of the award on the envelope or in the e-mail subject line",
  ]);
  w.note(`Questions about these guidelines may be sent to the Secretary at ${SECRETARY_EMAIL}.`);
  await write(w);
}

// ================================================================ award nomination form
async function awardForm(): Promise<void> {
  const w = await Writer.create({
    file: "award-application-form.pdf",
    title: "Award Nomination Form",
    subject: "Nomination form for the awards of the Indian Society of Genetics and Plant Breeding",
    keywords: ["ISGPB", "awards", "nomination form"],
  });
  w.title("Award Nomination Form");
  w.para(
    "Use one form for each nomination. Please read the society's Guidelines for Nominations before filling it in. " +
      "Write in block capitals, or fill in the form on screen and print it for signature.",
    { size: 9.5, after: 0 },
  );

  w.section("1. Award");
  w.row([
    { label: "Name of the award", name: "awardName", weight: 1.4 },
    { label: "Year of the call", name: "awardYear", weight: 0.6 },
  ]);

  w.section("2. Nominee");
  w.row([
    { label: "Nominee's name", name: "nomineeName", weight: 1.3 },
    { label: "Membership no.", name: "nomineeMembershipNo", weight: 0.7 },
  ]);
  w.row([{ label: "Designation", name: "nomineeDesignation" }]);
  w.row([{ label: "Institute", name: "nomineeInstitute" }]);
  w.box("Address", "nomineeAddress", 2);
  w.row([
    { label: "E-mail", name: "nomineeEmail", weight: 1.2 },
    { label: "Phone", name: "nomineePhone", weight: 0.8 },
  ]);

  w.section("3. Proposer");
  w.row([
    { label: "Name", name: "proposerName", weight: 1.3 },
    { label: "Membership no.", name: "proposerMembershipNo", weight: 0.7 },
  ]);
  w.row([
    { label: "Signature", weight: 1.3 },
    { label: "Date", name: "proposerDate", weight: 0.7 },
  ]);

  w.section("4. Seconder");
  w.row([
    { label: "Name", name: "seconderName", weight: 1.3 },
    { label: "Membership no.", name: "seconderMembershipNo", weight: 0.7 },
  ]);
  w.row([
    { label: "Signature", weight: 1.3 },
    { label: "Date", name: "seconderDate", weight: 0.7 },
  ]);

  w.section("5. Enclosures (tick those attached)");
  const enclosures: [string, string][] = [
    ["Citation (about one page)", "encCitation"],
    ["Curriculum vitae of the nominee", "encCv"],
    ["List of publications", "encPublications"],
    ["Copies of up to five best papers", "encPapers"],
  ];
  w.ticks(
    "",
    enclosures.slice(0, 2).map((e) => e[0]),
    { names: enclosures.slice(0, 2).map((e) => e[1]) },
  );
  w.ticks(
    "",
    enclosures.slice(2).map((e) => e[0]),
    { names: enclosures.slice(2).map((e) => e[1]) },
  );

  w.space(6);
  w.note(
    `Send the signed form with its enclosures to the Secretary, ${SOCIETY}: by post to the society's office in ` +
      `New Delhi (address on the Contact page of the website), or by e-mail to ${SECRETARY_EMAIL} with all ` +
      "documents as PDF files and the name of the award in the subject line.",
  );
  await write(w);
}

// ================================================================ congress brochure
async function congressBrochure(): Promise<void> {
  const w = await Writer.create({
    file: "congress-brochure.pdf",
    title: "Second National Genetic Congress",
    subject:
      "Brochure of the Second National Genetic Congress, organised by the Indian Society of Genetics and Plant Breeding",
    keywords: ["ISGPB", "congress", "genetics", "plant breeding", "Second National Genetic Congress"],
  });

  // Cover band.
  const p = w.page;
  const bandTop = TOP - 6;
  const bandH = 150;
  p.drawRectangle({ x: LEFT, y: bandTop - bandH, width: WIDTH, height: bandH, color: DEEP_GREEN });
  p.drawRectangle({ x: LEFT, y: bandTop - bandH, width: WIDTH, height: 5, color: WHEAT_GOLD });
  // Emblem: a wheat ear beside a double helix, drawn as vector paths.
  const ex = RIGHT - 104;
  const ey = bandTop - 20;
  p.drawCircle({ x: ex + 46, y: ey - 64, size: 52, color: LEAF_GREEN, opacity: 0.35 });
  p.drawSvgPath("M30 104 C30 80 30 60 30 30", { x: ex, y: ey, borderColor: WHEAT_GOLD, borderWidth: 2.5 });
  const grains: [number, number, number][] = [];
  for (let i = 0; i < 5; i++) grains.push([24, 38 + i * 11, -28], [36, 38 + i * 11, 28]);
  grains.push([30, 28, 0]);
  for (const [gx, gy, rot] of grains) {
    p.drawEllipse({
      x: ex + gx,
      y: ey - gy,
      xScale: 4.2,
      yScale: 7.5,
      rotate: degrees(rot),
      color: WHEAT_GOLD,
    });
  }
  p.drawSvgPath("M52 22 C52 33 76 33 76 44 S52 55 52 66 S76 77 76 88 S52 99 52 110", {
    x: ex,
    y: ey,
    borderColor: CREAM,
    borderWidth: 3,
  });
  p.drawSvgPath("M76 22 C76 33 52 33 52 44 S76 55 76 66 S52 77 52 88 S76 99 76 110", {
    x: ex,
    y: ey,
    borderColor: WHEAT_GOLD,
    borderWidth: 3,
  });
  for (const ry of [27, 39, 49, 61, 71, 83, 93, 105]) {
    p.drawLine({
      start: { x: ex + 56, y: ey - ry },
      end: { x: ex + 72, y: ey - ry },
      thickness: 1.2,
      color: CREAM,
      opacity: 0.8,
    });
  }
  p.drawText("THE INDIAN SOCIETY OF GENETICS AND PLANT BREEDING PRESENTS", {
    x: LEFT + 22,
    y: bandTop - 34,
    size: 7.5,
    font: w.bold,
    color: WHEAT_GOLD,
  });
  p.drawText("Second National", { x: LEFT + 22, y: bandTop - 68, size: 28, font: w.bold, color: CREAM });
  p.drawText("Genetic Congress", { x: LEFT + 22, y: bandTop - 100, size: 28, font: w.bold, color: CREAM });
  p.drawText(`Organised by the ${SOCIETY}`, {
    x: LEFT + 22,
    y: bandTop - 124,
    size: 10.5,
    font: w.reg,
    color: CREAM,
  });
  w.y = bandTop - bandH - 8;

  w.heading("About the congress");
  w.para(
    "The Second National Genetic Congress is a national meeting for researchers, teachers and students working in " +
      "genetics and plant breeding. It brings together people from universities, research institutes and public " +
      "and private breeding programmes to share new results, discuss where the discipline is heading, and build " +
      "the collaborations on which crop improvement depends.",
  );
  w.para(
    `The congress is organised by the **${SOCIETY}**, which has served the genetics and plant breeding ` +
      "community in India since its foundation in January 1941, has more than 2000 members and publishes a " +
      "quarterly journal in the field.",
  );

  w.heading("Themes");
  const themes: [string, string][] = [
    [
      "Crop improvement",
      "breeding for yield, quality and resistance to pests and diseases in field and horticultural crops.",
    ],
    [
      "Genomics-assisted breeding",
      "molecular markers, genomic selection, gene editing and the data tools that turn sequence information into better varieties.",
    ],
    [
      "Climate resilience",
      "tolerance of heat, drought, flooding and salinity, and breeding for changing seasons and cropping systems.",
    ],
    [
      "Seed systems",
      "bringing improved varieties to farmers through variety testing and release, seed production and quality assurance.",
    ],
    [
      "Pre-breeding and genetic resources",
      "collecting, conserving, characterising and using landraces, crop wild relatives and other germplasm.",
    ],
  ];
  for (const [name, text] of themes)
    w.para(`**${name}:** ${text}`, { indent: 20, bullet: "\u2022", after: 4 });
  w.space(2);

  w.heading("Who should attend");
  w.bullets([
    "Plant breeders and geneticists in universities, research institutes and industry.",
    "Teachers of genetics, plant breeding and allied subjects.",
    "Postgraduate and doctoral students and early-career scientists.",
    "Scientists from allied fields such as plant physiology, pathology, biotechnology, statistics and seed science.",
    "Professionals in seed production, variety testing and agricultural development.",
  ]);

  w.heading("Programme");
  w.para(
    "The congress combines invited lectures, thematic sessions and poster presentations, with time for " +
      "discussion. The programme and details of how to present work are announced on the congress registration site.",
  );

  w.heading("How to register");
  w.para(
    "Registration is online: please **see the congress registration site linked from the society's website** " +
      "(the Second National Genetic Congress page under the CONGRESS menu). Registration categories and all " +
      "practical details are given there.",
  );

  w.heading("Contact");
  w.para(`For questions about the congress, write to the Secretary, ${SOCIETY}: **${SECRETARY_EMAIL}**`);
  await write(w);
}

// ================================================================ membership application form
async function membershipForm(): Promise<void> {
  const w = await Writer.create({
    file: "application-form.pdf",
    title: "Application for Membership",
    subject: "Membership application form of the Indian Society of Genetics and Plant Breeding",
    keywords: ["ISGPB", "membership", "application form", "enrolment"],
  });
  w.title("Application for Membership");
  w.para(
    "Please write in block capitals, or fill in the form on screen and print it for signature. The same details " +
      "can also be entered online in the enrolment form on the society's website.",
    { size: 9.5, after: 0 },
  );

  w.section("1. Membership");
  w.ticks(
    "Membership type",
    ["Life Member", "Ordinary Member", "Corporate Member (Annual)", "Corporate Member (Single Copy)"],
    {
      radio: "membershipType",
    },
  );
  w.ticks("Journal format", ["Soft Copy", "Hard Copy"], { radio: "journalFormat" });

  w.section("2. Personal details");
  w.row([{ label: "Full name", name: "fullName" }]);
  w.row([{ label: "Designation / Position", name: "designation" }]);
  w.row([
    { label: "Date of birth (YYYY-MM-DD)", name: "dob", weight: 1.15 },
    { label: "Gender", name: "gender", weight: 0.85 },
  ]);
  w.row([{ label: "Indian languages known", name: "indianLanguages" }]);

  w.section("3. Address");
  w.box("Office address", "address", 3);
  w.row([
    { label: "Country", name: "country" },
    { label: "State", name: "state" },
  ]);
  w.row([
    { label: "City", name: "city" },
    { label: "PIN code", name: "pincode" },
  ]);
  w.row([
    { label: "Office phone", name: "phone" },
    { label: "Mobile", name: "mobile" },
  ]);
  w.row([{ label: "E-mail", name: "email" }]);

  w.section("4. Other details");
  w.ticks("", ["I am an author", "I am a reviewer"], { names: ["author", "reviewer"] });
  w.box("Areas of interest", "areasOfInterest", 4);

  w.section("5. Declaration");
  w.ticks("", ["I agree to the terms and conditions"], { names: ["agreement"] });
  w.para(
    "I wish to join the society in the category ticked above and agree to abide by its rules. The particulars " +
      "given in this form are correct.",
    { size: 9.5, after: 0 },
  );
  w.row([
    { label: "Signature", weight: 1.3 },
    { label: "Date", name: "signatureDate", weight: 0.7 },
  ]);

  w.section("6. Payment and sending the form");
  w.para(
    "Payment is made **offline**, by transfer to the society's bank account. The account details are given on " +
      "the enrolment page of the society's website. Please note the transaction reference below.",
    { size: 9.5, after: 0 },
  );
  w.row([
    { label: "Payment reference", name: "paymentReference", weight: 1.2 },
    { label: "Date of payment", name: "paymentDate", weight: 0.8 },
  ]);
  w.space(4);
  w.note(
    `Send the completed and signed form to the Secretary, ${SOCIETY}: by post to the society's office in ` +
      `New Delhi (address on the Contact page of the website), or by e-mail to ${SECRETARY_EMAIL}. Authors and ` +
      "reviewers who do not wish to take up a paid membership can create an account on the website by choosing " +
      "'Pay Offline'.",
  );

  w.section("For office use");
  w.row([
    { label: "Membership no.", weight: 1 },
    { label: "Date received", weight: 1 },
  ]);
  await write(w);
}

await mkdir(OUT_DIR, { recursive: true });
await awardGuidelines();
await awardForm();
await congressBrochure();
await membershipForm();
