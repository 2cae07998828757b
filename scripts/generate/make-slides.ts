/**
 * make-slides.ts
 *
 * Draws the home page slider's four illustrations as SVG and renders each with sharp to WebP:
 * the slide at 480, 720 and 1080 px wide (16:9) for a responsive srcset, and a 1600 px wide
 * lightbox version. Output: public/images/slides/<name>-<width>.webp. content/slides.json
 * references these files (alt text lives there).
 *
 * Run from the repository root:   node scripts/generate/make-slides.ts
 *
 * The pictures are flat, stylised illustrations in the site's palette (fields, seeds, a
 * laboratory, a wheat ear), drawn for this project. Flat colours compress well, so every slide
 * stays small enough for a slow mobile connection. Reruns give the same files.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const OUT_DIR = path.resolve("public/images/slides");
const SLIDE_WIDTHS = [480, 720, 1080];
const LIGHTBOX_WIDTH = 1600;
const W = 1600;
const H = 900;

const GREEN_950 = "#10291a";
const GREEN_900 = "#1f5130";
const GREEN_700 = "#2f6b3f";
const GREEN_500 = "#4f8a3c";
const GOLD = "#c9a227";
const GOLD_LIGHT = "#f1d47a";
const CREAM = "#f6f1e3";

const svg = (body: string, sky = `${CREAM}`, horizon = "#ece2c4") => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>${body}</svg>`;

/** Rows of crop plots in alternating greens, receding to the horizon under a low sun. */
function fieldTrial(): string {
  const rows: string[] = [];
  for (let row = 0; row < 9; row++) {
    const top = 430 + row * row * 6 + row * 14;
    const bottom = 430 + (row + 1) * (row + 1) * 6 + (row + 1) * 14;
    const colour = [GREEN_500, GREEN_700, "#6f9e4a", GREEN_900][row % 4];
    rows.push(`<polygon points="${800 - 200 - row * 140},${top} ${800 + 200 + row * 140},${top}
      ${800 + 200 + (row + 1) * 140},${bottom} ${800 - 200 - (row + 1) * 140},${bottom}" fill="${colour}"/>`);
  }
  const plots: string[] = [];
  for (let i = -6; i <= 6; i++) {
    plots.push(`<line x1="${800 + i * 40}" y1="430" x2="${800 + i * 260}" y2="${H}" stroke="${CREAM}"
      stroke-opacity=".35" stroke-width="${3 + Math.abs(i) * 0.6}"/>`);
  }
  return svg(
    `<circle cx="1190" cy="250" r="90" fill="${GOLD}" opacity=".9"/>
     <path d="M0 430 C300 380 520 400 800 420 S1300 380 1600 410 V440 H0Z" fill="#9fbf7a"/>
     ${rows.join("")}${plots.join("")}`,
  );
}

/** Seeds of several crops laid out on a cream tray, as in a germplasm collection. */
function seedBank(): string {
  const seeds: string[] = [];
  const kinds = [
    { rx: 14, ry: 26, fill: GOLD },
    { rx: 18, ry: 18, fill: "#8a5a2b" },
    { rx: 12, ry: 22, fill: "#e8c66a" },
    { rx: 20, ry: 14, fill: "#5b3a1e" },
    { rx: 16, ry: 16, fill: GREEN_500 },
    { rx: 10, ry: 24, fill: "#d8b24a" },
  ];
  kinds.forEach((kind, column) => {
    const cx = 240 + column * 224;
    seeds.push(
      `<rect x="${cx - 96}" y="170" width="192" height="560" rx="24" fill="#fffaf0" stroke="#d5dccf" stroke-width="4"/>`,
    );
    for (let n = 0; n < 18; n++) {
      const x = cx - 60 + (n % 3) * 60 + ((n * 7) % 11) - 5;
      const y = 220 + Math.floor(n / 3) * 84 + ((n * 13) % 9);
      const turn = ((n * 37) % 80) - 40;
      seeds.push(`<ellipse cx="${x}" cy="${y}" rx="${kind.rx}" ry="${kind.ry}" fill="${kind.fill}"
        transform="rotate(${turn} ${x} ${y})"/>`);
    }
    seeds.push(
      `<rect x="${cx - 60}" y="760" width="120" height="28" rx="6" fill="${GREEN_900}" opacity=".85"/>`,
    );
  });
  return svg(seeds.join(""), "#e6efe2", "#d4e3cc");
}

/** A bench with flasks of seedlings, a rack of test tubes and a DNA double helix behind. */
function laboratory(): string {
  const helix: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const y = 90 + i * 26;
    const phase = (i / 24) * Math.PI * 3;
    const a = 1200 + Math.sin(phase) * 120;
    const b = 1200 - Math.sin(phase) * 120;
    helix.push(
      `<line x1="${a}" y1="${y}" x2="${b}" y2="${y}" stroke="${i % 2 ? GOLD : GREEN_500}" stroke-width="8" stroke-linecap="round" opacity=".8"/>`,
    );
    helix.push(
      `<circle cx="${a}" cy="${y}" r="10" fill="${GREEN_900}"/><circle cx="${b}" cy="${y}" r="10" fill="${GREEN_700}"/>`,
    );
  }
  const tubes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = 620 + i * 70;
    const level = 520 + ((i * 29) % 60);
    const colour = [GREEN_500, GOLD, "#7fb069", GOLD_LIGHT, GREEN_700, "#a7c957"][i];
    tubes.push(`<rect x="${x}" y="440" width="40" height="240" rx="20" fill="#ffffff" stroke="${GREEN_900}" stroke-width="5"/>
      <rect x="${x + 5}" y="${level}" width="30" height="${675 - level}" rx="15" fill="${colour}"/>`);
  }
  const flask = (x: number, leaf: string) => `
    <path d="M${x - 40} 460 h80 v80 l90 170 q10 30 -20 30 h-220 q-30 0 -20 -30 l90 -170Z" fill="#ffffff" stroke="${GREEN_900}" stroke-width="6"/>
    <path d="M${x - 118} 690 l64 -110 h108 l64 110 q6 20 -14 20 h-208 q-20 0 -14 -20Z" fill="#d4e3cc"/>
    <path d="M${x} 640 C${x} 580 ${x + 10} 540 ${x} 500" stroke="${GREEN_700}" stroke-width="7" fill="none"/>
    <path d="M${x} 560 C${x + 40} 530 ${x + 70} 540 ${x + 80} 520 C${x + 50} 510 ${x + 20} 520 ${x} 560Z" fill="${leaf}"/>
    <path d="M${x} 590 C${x - 40} 560 ${x - 70} 570 ${x - 80} 550 C${x - 50} 540 ${x - 20} 550 ${x} 590Z" fill="${leaf}"/>`;
  return svg(
    `${helix.join("")}
     <rect x="0" y="720" width="${W}" height="180" fill="${GREEN_900}"/>
     <rect x="0" y="700" width="${W}" height="28" fill="${GREEN_700}"/>
     ${flask(300, GREEN_500)}${tubes.join("")}
     <rect x="600" y="600" width="440" height="24" rx="6" fill="${GREEN_950}"/>`,
    "#f6f1e3",
    "#e6efe2",
  );
}

/** A single ripe wheat ear against a dusk sky, with a field of ears below. */
function wheatHarvest(): string {
  const ear = (x: number, y: number, scale: number, tilt: number) => {
    const grains: string[] = [];
    for (let g = 0; g < 7; g++) {
      const gy = -g * 22;
      grains.push(`<ellipse cx="-9" cy="${gy}" rx="9" ry="16" fill="${GOLD}" stroke="${GREEN_950}" stroke-width="1.5" transform="rotate(-24 -9 ${gy})"/>
        <ellipse cx="9" cy="${gy}" rx="9" ry="16" fill="${GOLD_LIGHT}" stroke="${GREEN_950}" stroke-width="1.5" transform="rotate(24 9 ${gy})"/>`);
    }
    return `<g transform="translate(${x} ${y}) rotate(${tilt}) scale(${scale})">
      <path d="M0 260 C4 180 4 90 0 20" stroke="${GOLD}" stroke-width="6" fill="none"/>
      <g transform="translate(0 10)">${grains.join("")}<ellipse cy="-160" rx="8" ry="18" fill="${GOLD}"/></g>
      <path d="M-10 -150 L-40 -240 M10 -150 L40 -240 M0 -170 L0 -270" stroke="${GOLD_LIGHT}" stroke-width="2.5"/></g>`;
  };
  const field: string[] = [];
  for (let i = 0; i < 26; i++) {
    field.push(ear(40 + i * 62, 700 + ((i * 17) % 40), 0.55, ((i * 11) % 20) - 10));
  }
  return svg(
    `<circle cx="400" cy="300" r="120" fill="${GOLD_LIGHT}" opacity=".9"/>
     <path d="M0 640 C400 600 900 620 1600 590 V${H} H0Z" fill="${GREEN_700}"/>
     ${field.join("")}
     <rect y="820" width="${W}" height="80" fill="${GREEN_900}"/>
     ${ear(1100, 560, 1.5, 8)}`,
    "#d9e6d3",
    "#f1e3b5",
  );
}

const slides = {
  "field-trial": fieldTrial,
  "seed-bank": seedBank,
  laboratory,
  "wheat-harvest": wheatHarvest,
};

await mkdir(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(slides)) {
  const image = sharp(Buffer.from(draw()));
  for (const width of [...SLIDE_WIDTHS, LIGHTBOX_WIDTH]) {
    const file = path.join(OUT_DIR, `${name}-${width}.webp`);
    const info = await image
      .clone()
      .resize({ width })
      .webp({ quality: width === LIGHTBOX_WIDTH ? 78 : 70, effort: 6 })
      .toFile(file);
    console.log(`${path.relative(process.cwd(), file)}  ${info.width}x${info.height}  ${info.size} bytes`);
  }
}
