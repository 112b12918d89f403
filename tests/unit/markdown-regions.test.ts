import { describe, expect, it } from "vitest";
import { headingLevelSkips, renderMarkdown } from "~/server/site/markdown.server";
import { headingWarning } from "~/server/forms/publishing-action.server";
import { renderRole } from "~/models/rendered-bodies.server";

/** Issue 38, defect 1: tables and code blocks scroll in their own named, focusable region; skipped levels are said. */
describe("Markdown's wide blocks", () => {
  it("puts each table in a focusable, named scrolling region (never widening the page)", () => {
    const html = renderMarkdown("| Plan | Fee |\n| --- | --- |\n| Basic | £0 |\n\ntext\n\n| A | B |\n| - | - |\n| 1 | 2 |");
    expect(html).toContain('<div class="md-scroll" tabindex="0" role="region" aria-label="Table 1"><table>');
    expect(html).toContain('aria-label="Table 2"><table>');
    expect(html.match(/<\/table>\n<\/div>/g)).toHaveLength(2);
  });

  it("makes fenced and indented code blocks reachable by keyboard", () => {
    const html = renderMarkdown("```\nconst a = 1;\n```\n\n    indented");
    expect(html).toContain('<pre class="md-scroll" tabindex="0" role="region" aria-label="Code 1"><code>const a = 1;');
    expect(html).toContain('aria-label="Code 2"><code>indented');
  });

  it("names a role card's regions after the role, as several cards share /careers", () => {
    const role = renderRole(
      { slug: "analyst", title: "Quant <Analyst>", team: "Research", location: "London", summary: "s", body: "| a |\n| - |\n| 1 |" },
      "https://www.kestrelinsight.example",
    );
    expect(role.cardHtml).toContain('aria-label="Table 1, Quant &lt;Analyst&gt;"');
    expect(role.bodyHtml).toContain('aria-label="Table 1"');
  });
});

describe("headingLevelSkips", () => {
  it("names a heading that skips a level, as written", () => {
    expect(headingLevelSkips("# Title\n\n### Risks\n\n## Fine\n\n### Also fine")).toEqual([
      '"### Risks" follows a level-1 heading',
    ]);
    expect(headingLevelSkips("## A\n\n### B\n\n## C")).toEqual([]);
    expect(headingLevelSkips("No headings")).toEqual([]);
  });

  it("becomes a sentence after the save's message, and nothing when the levels are fine", async () => {
    expect(await headingWarning("# A\n\n### B")).toBe(
      ' Check the headings: "### B" follows a level-1 heading. A level is skipped; use one more # at a time.',
    );
    expect(await headingWarning("## A\n\n### B")).toBe("");
    expect(await headingWarning(undefined)).toBe("");
  });
});
