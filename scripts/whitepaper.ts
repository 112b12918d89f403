/**
 * Generates public/whitepaper.pdf from app/content/whitepaper.ts and app/content/company.ts.
 *
 *   node --import tsx scripts/whitepaper.ts
 *
 * Uses only PDFKit's built-in Helvetica fonts. The document's creation and modification dates are
 * fixed to the whitepaper's date, so re-running without content changes produces an identical file.
 */
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

import { company, formatRegisteredOffice } from "~/content/company";
import type { Section } from "~/content/types";
import { whitepaper } from "~/content/whitepaper";

type Doc = PDFKit.PDFDocument;

const OUTPUT = fileURLToPath(new URL("../public/whitepaper.pdf", import.meta.url));

const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" } as const;
const COLOUR = {
  ink: "#1d2a35",
  muted: "#5c6b77",
  navy: "#0f2a3d",
  accent: "#1f7a8c",
  rule: "#c9d3da",
  panel: "#eef3f6",
  white: "#ffffff",
} as const;

const PAGE_MARGINS = { top: 78, bottom: 78, left: 70, right: 70 } as const;
const BODY_SIZE = 10.5;
const BODY_LINE_GAP = 3.2;
const PARAGRAPH_GAP = 7;

const fixedDate = new Date(`${whitepaper.date}T00:00:00Z`);
const dateLabel = fixedDate.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomLimit(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page if fewer than `needed` points remain on the current one. */
function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottomLimit(doc)) doc.addPage();
}

function currentPageIndex(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

function drawCover(doc: Doc): void {
  const { width, height } = doc.page;
  const left = PAGE_MARGINS.left;
  const textWidth = width - PAGE_MARGINS.left - PAGE_MARGINS.right;
  const bandHeight = 390;

  doc.save().rect(0, 0, width, bandHeight).fill(COLOUR.navy).restore();
  doc.save().rect(0, bandHeight, width, 6).fill(COLOUR.accent).restore();

  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOUR.white)
    .text(company.shortName.toUpperCase(), left, 86, { characterSpacing: 2.5, width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor("#b7c8d4")
    .text("Whitepaper", left, doc.y + 4, { width: textWidth });

  doc
    .font(FONT.bold)
    .fontSize(34)
    .fillColor(COLOUR.white)
    .text(whitepaper.title, left, 190, { width: textWidth, lineGap: 4 });
  doc
    .font(FONT.regular)
    .fontSize(15)
    .fillColor("#d6e2ea")
    .text(whitepaper.subtitle, left, doc.y + 12, { width: textWidth * 0.85, lineGap: 3 });

  doc
    .font(FONT.regular)
    .fontSize(11.5)
    .fillColor(COLOUR.ink)
    .text(whitepaper.summary, left, bandHeight + 60, { width: textWidth * 0.9, lineGap: 4 });

  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOUR.accent)
    .text(`${dateLabel}  |  ${whitepaper.version}`, left, doc.y + 28, { width: textWidth });

  const footerY = height - 130;
  doc
    .save()
    .moveTo(left, footerY)
    .lineTo(width - PAGE_MARGINS.right, footerY)
    .lineWidth(0.75)
    .stroke(COLOUR.rule)
    .restore();
  doc
    .font(FONT.bold)
    .fontSize(9.5)
    .fillColor(COLOUR.ink)
    .text(`Published by ${company.legalName}`, left, footerY + 14, { width: textWidth });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOUR.muted)
    .text(`${company.flagship.name}: ${company.flagship.url.replace(/^https?:\/\//, "")}`, {
      width: textWidth,
    })
    .text(`Contact: ${company.contactEmail}`, { width: textWidth });
}

function drawSectionHeading(doc: Doc, number: number, section: Section): void {
  ensureSpace(doc, 150);
  if (doc.y > doc.page.margins.top + 1) doc.moveDown(1.2);

  const left = doc.page.margins.left;
  const top = doc.y;
  doc.addNamedDestination(section.id, "XYZ", null, Math.max(top - 12, 0), null); // top-down coordinates
  doc.outline.addItem(`${number}. ${section.heading}`);

  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOUR.accent)
    .text(`SECTION ${number}`, left, top, { characterSpacing: 1.5 });
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(COLOUR.navy)
    .text(section.heading, left, doc.y + 3, { width: contentWidth(doc) });
  const ruleY = doc.y + 6;
  doc
    .save()
    .moveTo(left, ruleY)
    .lineTo(left + 48, ruleY)
    .lineWidth(2)
    .stroke(COLOUR.accent)
    .restore();
  doc.x = left;
  doc.y = ruleY + 14;
}

function drawParagraph(doc: Doc, text: string): void {
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(COLOUR.ink);
  // Keep at least two lines of a paragraph together at the foot of a page.
  ensureSpace(doc, (BODY_SIZE + BODY_LINE_GAP) * 2 + 4);
  doc.text(text, doc.page.margins.left, doc.y, {
    width: contentWidth(doc),
    align: "justify",
    lineGap: BODY_LINE_GAP,
  });
  doc.y += PARAGRAPH_GAP;
}

function drawBullets(doc: Doc, bullets: readonly string[]): void {
  const indent = 16;
  for (const bullet of bullets) {
    doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(COLOUR.ink);
    ensureSpace(doc, (BODY_SIZE + BODY_LINE_GAP) * 2);
    const left = doc.page.margins.left;
    const y = doc.y;
    doc
      .save()
      .circle(left + 5, y + BODY_SIZE / 2 + 0.5, 1.8)
      .fill(COLOUR.accent)
      .restore();
    doc.fillColor(COLOUR.ink).text(bullet, left + indent, y, {
      width: contentWidth(doc) - indent,
      lineGap: BODY_LINE_GAP,
    });
    doc.y += 3;
  }
  doc.y += PARAGRAPH_GAP - 3;
}

function drawSections(doc: Doc): number[] {
  const startPages: number[] = [];
  whitepaper.sections.forEach((section, i) => {
    drawSectionHeading(doc, i + 1, section);
    startPages.push(currentPageIndex(doc));
    section.paragraphs.forEach((p) => drawParagraph(doc, p));
    if (section.bullets && section.bullets.length > 0) drawBullets(doc, section.bullets);
  });
  return startPages;
}

function drawContents(doc: Doc, pageIndex: number, startPages: readonly number[]): void {
  doc.switchToPage(pageIndex);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const right = left + width;

  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOUR.accent)
    .text("IN THIS PAPER", left, doc.page.margins.top, { characterSpacing: 1.5 });
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(COLOUR.navy)
    .text("Contents", left, doc.y + 3);
  let y = doc.y + 24;

  whitepaper.sections.forEach((section, i) => {
    const pageNumber = String((startPages[i] ?? 0) + 1);
    const label = `${i + 1}.`;
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLOUR.accent)
      .text(label, left, y, { width: 24, lineBreak: false });
    doc.font(FONT.regular).fontSize(11).fillColor(COLOUR.ink);
    const headingWidth = doc.widthOfString(section.heading);
    doc.text(section.heading, left + 26, y, { lineBreak: false });
    const numberWidth = doc.widthOfString(pageNumber);
    doc.text(pageNumber, right - numberWidth, y, { lineBreak: false });

    // Dotted leader between heading and page number.
    const leaderStart = left + 26 + headingWidth + 6;
    const leaderEnd = right - numberWidth - 6;
    if (leaderEnd > leaderStart) {
      doc
        .save()
        .moveTo(leaderStart, y + 9)
        .lineTo(leaderEnd, y + 9)
        .lineWidth(0.6)
        .dash(1, { space: 2.5 })
        .stroke(COLOUR.rule)
        .undash()
        .restore();
    }
    doc.goTo(left, y - 3, width, 18, section.id);
    y += 26;
  });

  const noteY = y + 20;
  doc.save().rect(left, noteY, width, 1).fill(COLOUR.rule).restore();
  doc
    .font(FONT.italic)
    .fontSize(9)
    .fillColor(COLOUR.muted)
    .text(
      `This paper is provided for information only and does not constitute personalised investment advice. See section ${whitepaper.sections.length}, Important information.`,
      left,
      noteY + 12,
      { width },
    );
}

function drawDisclosure(doc: Doc): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const padding = 14;
  const lines = [
    company.legalName,
    company.jurisdiction,
    `Company number ${company.companyNumber}`,
    `Registered office: ${formatRegisteredOffice()}`,
    `Contact: ${company.contactEmail}`,
  ];

  doc.font(FONT.regular).fontSize(9.5);
  const textHeight = lines.reduce(
    (h, line) => h + doc.heightOfString(line, { width: width - padding * 2, lineGap: 2 }),
    0,
  );
  const boxHeight = padding * 2 + 16 + textHeight;

  ensureSpace(doc, boxHeight + 24);
  const top = bottomLimit(doc) - boxHeight;

  doc.save().rect(left, top, width, boxHeight).fill(COLOUR.panel).restore();
  doc.save().rect(left, top, 3, boxHeight).fill(COLOUR.accent).restore();
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOUR.navy)
    .text("COMPANY INFORMATION", left + padding, top + padding, { characterSpacing: 1.2 });
  let y = top + padding + 16;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? FONT.bold : FONT.regular)
      .fontSize(9.5)
      .fillColor(COLOUR.ink)
      .text(line, left + padding, y, { width: width - padding * 2, lineGap: 2 });
    y = doc.y;
  });
}

function drawRunningHeadersAndFooters(doc: Doc): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i++) {
    if (i === 0) continue; // cover
    doc.switchToPage(i);
    const { width, height } = doc.page;
    const left = PAGE_MARGINS.left;
    const right = width - PAGE_MARGINS.right;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // allow writing in the footer area without adding pages

    // Header
    doc.save().moveTo(left, 52).lineTo(right, 52).lineWidth(0.5).stroke(COLOUR.rule).restore();
    doc.font(FONT.regular).fontSize(8).fillColor(COLOUR.muted);
    doc.text(`${company.shortName}  |  ${whitepaper.title}`, left, 40, { lineBreak: false });
    doc.text(dateLabel, right - doc.widthOfString(dateLabel), 40, { lineBreak: false });

    // Footer
    const footerY = height - 50;
    doc
      .save()
      .moveTo(left, footerY - 8)
      .lineTo(right, footerY - 8)
      .lineWidth(0.5)
      .stroke(COLOUR.rule)
      .restore();
    doc.text(company.legalName, left, footerY, { lineBreak: false });
    const pageLabel = `Page ${i + 1} of ${total}`;
    doc.text(pageLabel, right - doc.widthOfString(pageLabel), footerY, { lineBreak: false });

    doc.page.margins.bottom = savedBottom;
  }
}

async function main(): Promise<void> {
  mkdirSync(dirname(OUTPUT), { recursive: true });

  const doc: Doc = new PDFDocument({
    size: "A4",
    margins: PAGE_MARGINS,
    bufferPages: true,
    autoFirstPage: false,
    displayTitle: true,
    lang: "en-GB",
    info: {
      Title: `${whitepaper.title}: ${whitepaper.subtitle}`,
      Author: company.legalName,
      Subject: whitepaper.summary,
      Keywords:
        "explainable AI, machine learning forecasting, accuracy tracking, fairness, data engineering, UK fintech",
      Creator: company.shortName,
      Producer: "PDFKit",
      CreationDate: fixedDate,
      ModDate: fixedDate,
    },
  });

  const finished = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(OUTPUT);
    out.on("finish", () => resolve());
    out.on("error", reject);
    doc.on("error", reject);
    doc.pipe(out);
  });

  // A paragraph that flows onto a new page would otherwise continue in the default black.
  doc.on("pageAdded", () => {
    doc.fillColor(COLOUR.ink);
  });

  doc.addPage(); // cover
  drawCover(doc);

  doc.addPage(); // contents, filled in once section pages are known
  const contentsPage = currentPageIndex(doc);

  doc.addPage();
  const startPages = drawSections(doc);
  drawDisclosure(doc);

  drawContents(doc, contentsPage, startPages);
  drawRunningHeadersAndFooters(doc);

  const pages = doc.bufferedPageRange().count;
  doc.end();
  await finished;

  console.log(`Wrote ${OUTPUT} (${pages} pages)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
