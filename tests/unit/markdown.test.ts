import { describe, expect, it } from "vitest";
import {
  markdownExcerpt,
  markdownSections,
  markdownToPlainText,
  renderMarkdown,
} from "~/server/site/markdown.server";

const siteOrigin = "https://www.kestrelinsight.example";

describe("renderMarkdown", () => {
  it("renders Markdown, tables and strikethrough", () => {
    expect(renderMarkdown("Some **bold** and ~~old~~ text.")).toBe(
      "<p>Some <strong>bold</strong> and <s>old</s> text.</p>\n",
    );
    const table = renderMarkdown("| Plan | Fee |\n| --- | --- |\n| Basic | £0 |");
    expect(table).toContain("<table>");
    expect(table).toContain("<th>Plan</th>");
    expect(table).toContain("<td>£0</td>");
  });

  it("shows raw HTML as escaped text", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n",
    );
    expect(renderMarkdown('Hi <b onclick="x()">there</b>')).not.toContain("<b");
  });

  it("keeps quotes and dashes as typed, and does not turn bare URLs into links", () => {
    expect(renderMarkdown('"Quoted" -- see www.example.com')).toBe(
      "<p>&quot;Quoted&quot; -- see www.example.com</p>\n",
    );
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java&#x09;script:alert(1)",
    "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "java%09script:alert(1)",
    "data:text/html,hello",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/path",
    "/\\evil.example",
    "tel:+441234567890",
  ])("does not make a link of [click](%s)", (url) => {
    const html = renderMarkdown(`[click](${url})`);
    expect(html).not.toContain("<a");
    expect(html).toContain("[click](");
  });

  it("does not make links of unsafe autolinks or reference definitions", () => {
    expect(renderMarkdown("<javascript:alert(1)>")).not.toContain("<a");
    expect(renderMarkdown("[click][x]\n\n[x]: javascript:alert(1)")).not.toContain("<a");
  });

  it.each([
    ["mailto:careers@kestrelinsight.example", "mailto:careers@kestrelinsight.example"],
    ["/about", "/about"],
    ["#your-rights", "#your-rights"],
    ["?page=2", "?page=2"],
    ["docs/terms.pdf", "docs/terms.pdf"],
    ["https://www.fca.org.uk/register", "https://www.fca.org.uk/register"],
    ["HTTP://Example.com/a", "HTTP://Example.com/a"],
  ])("links [click](%s)", (url, href) => {
    expect(renderMarkdown(`[click](${url})`)).toContain(`<a href="${href}"`);
  });

  it("gives images lazy loading and allow-listed sources only", () => {
    expect(renderMarkdown("![Team photo](/images/team.jpg)")).toBe(
      '<p><img src="/images/team.jpg" alt="Team photo" loading="lazy" decoding="async"></p>\n',
    );
    expect(renderMarkdown("![x](data:image/png;base64,iVBORw0KGgo=)")).not.toContain("<img");
    expect(renderMarkdown("![x](javascript:alert(1))")).not.toContain("<img");
  });

  it("gives images no way to carry event handlers", () => {
    for (const source of [
      '![x](x.png" onerror="alert(1))',
      "<img src=x onerror=alert(1)>",
      '![x](x.png "a" onerror="b")',
    ]) {
      expect(renderMarkdown(source)).not.toMatch(/<img[^>]*onerror/);
    }
  });

  it("shifts headings below the page's h1, up to h6", () => {
    const html = renderMarkdown("# One\n## Two\n##### Five\n###### Six");
    expect(html).toBe(
      '<h2 id="one">One</h2>\n<h3 id="two">Two</h3>\n<h6 id="five">Five</h6>\n<h6 id="six">Six</h6>\n',
    );
    expect(renderMarkdown("# One", { headingOffset: 0 })).toBe('<h1 id="one">One</h1>\n');
    expect(renderMarkdown("# One", { headingOffset: 2 })).toBe('<h3 id="one">One</h3>\n');
  });

  it("makes an operator's highest heading the page's next level, so no level is skipped", () => {
    expect(renderMarkdown("## Background\n### Detail")).toBe('<h2 id="background">Background</h2>\n<h3 id="detail">Detail</h3>\n');
    expect(renderMarkdown("## Inside a card", { topHeading: 4 })).toBe('<h4 id="inside-a-card">Inside a card</h4>\n');
  });

  it("keeps an anchor a heading names for itself, and takes it out of the text", () => {
    expect(renderMarkdown("## How we use your data {#lawful-bases}")).toBe('<h2 id="lawful-bases">How we use your data</h2>\n');
    const [section] = markdownSections("## How we use your data {#lawful-bases}\n\nText.");
    expect(section).toMatchObject({ id: "lawful-bases", heading: "How we use your data" });
  });

  it("gives headings unique ids from their text", () => {
    const html = renderMarkdown("# What *we* do\n# What we do\n# What we do\n# `API` & Data!");
    expect(html.match(/id="[^"]*"/g)).toEqual([
      'id="what-we-do"',
      'id="what-we-do-2"',
      'id="what-we-do-3"',
      'id="api-and-data"',
    ]);
  });

  it("gives 20,000 headings of the same text 20,000 different ids, numbered in order", () => {
    // Quadratic before (each heading tried every number already taken): this took tens of seconds.
    const ids = [...renderMarkdown("# a\n".repeat(20_000)).matchAll(/id="([^"]*)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(20_000);
    expect(new Set(ids).size).toBe(20_000);
    expect(ids.slice(0, 3)).toEqual(["a", "a-2", "a-3"]);
    expect(ids.at(-1)).toBe("a-20000");
  });

  it("numbers around the anchors headings name for themselves", () => {
    const html = renderMarkdown("## Fees {#fees-2}\n## Fees\n## Fees\n## Other {#fees}");
    expect(html.match(/id="[^"]*"/g)).toEqual(['id="fees-2"', 'id="fees"', 'id="fees-3"', 'id="other"']);
  });

  it("never gives a heading an id the page's layout already has", () => {
    const html = renderMarkdown(
      "## Skip here {#main}\n## Main\n## Page title\n## Role facts heading\n## Contact dialog form email\n## Title {#page-title}",
    );
    expect(html.match(/id="[^"]*"/g)).toEqual([
      'id="skip-here"',
      'id="main-2"',
      'id="page-title-2"',
      'id="role-facts-heading-2"',
      'id="heading-contact-dialog-form-email"',
      'id="title"',
    ]);
  });

  it("keeps a card's ids clear of the ids the page gives the card", () => {
    const html = renderMarkdown("## Title\n## Analyst {#title}", { topHeading: 4, idPrefix: "analyst-", reservedIds: ["analyst", "analyst-title"] });
    expect(html.match(/id="[^"]*"/g)).toEqual(['id="analyst-title-2"', 'id="analyst-analyst"']);
  });

  it("marks links to other sites as external", () => {
    const html = renderMarkdown("[FCA](https://www.fca.org.uk/)", { siteOrigin });
    expect(html).toBe(
      '<p><a href="https://www.fca.org.uk/" rel="noopener noreferrer external">FCA' +
        '<span class="sr-only"> (external link)</span></a></p>\n',
    );
    expect(html).not.toContain("target");
  });

  it("does not mark the site's own links as external", () => {
    for (const url of [
      `${siteOrigin}/careers`,
      "HTTPS://WWW.KESTRELINSIGHT.EXAMPLE/x",
      "/careers",
      "#roles",
      "mailto:hello@kestrelinsight.example",
    ]) {
      const html = renderMarkdown(`[x](${url})`, { siteOrigin });
      expect(html).toContain("<a ");
      expect(html).not.toContain("external");
    }
  });

  it("treats every absolute http(s) link as external without a site origin", () => {
    expect(renderMarkdown(`[x](${siteOrigin}/careers)`)).toContain('rel="noopener noreferrer external"');
    expect(renderMarkdown("[x](/careers)")).not.toContain("external");
  });
});

describe("markdownSections", () => {
  const policy = [
    "Last updated 1 May 2025. See [our terms][terms].",
    "",
    "## Who we are",
    "",
    "Kestrel Insight Ltd.",
    "",
    "```md",
    "## Not a heading",
    "```",
    "",
    "### Contact",
    "",
    "Write to us.",
    "",
    "## Your *rights*",
    "",
    "You may ask.",
    "",
    "## Who we are",
    "",
    "[terms]: /terms",
  ].join("\n");

  it("splits at top-level ## headings, not those in code fences", () => {
    const sections = markdownSections(policy);
    expect(sections.map(({ id, heading }) => ({ id, heading }))).toEqual([
      { id: "", heading: "" },
      { id: "who-we-are", heading: "Who we are" },
      { id: "your-rights", heading: "Your rights" },
      { id: "who-we-are-2", heading: "Who we are" },
    ]);
    expect(sections[0]!.html).toBe('<p>Last updated 1 May 2025. See <a href="/terms">our terms</a>.</p>\n');
    expect(sections[1]!.html).toContain('<pre class="md-scroll" tabindex="0" role="region" aria-label="Code 1"><code class="language-md">## Not a heading\n</code></pre>');
    expect(sections[1]!.html).toContain('<h3 id="contact">Contact</h3>');
    expect(sections[2]!.html).toBe("<p>You may ask.</p>\n");
    expect(sections[3]!.html).toBe("");
  });

  it("leaves out an empty intro", () => {
    const sections = markdownSections("\n\n## Only\n\nText.");
    expect(sections).toEqual([{ id: "only", heading: "Only", html: "<p>Text.</p>\n" }]);
  });

  it("returns the whole document as an intro when it has no ## headings", () => {
    expect(markdownSections("# Title\n\nText.")).toEqual([
      { id: "", heading: "", html: '<h1 id="title">Title</h1>\n<p>Text.</p>\n' },
    ]);
  });

  it("marks external links in section bodies", () => {
    const [section] = markdownSections("## Regulator\n\n[FCA](https://www.fca.org.uk/)", { siteOrigin });
    expect(section!.html).toContain("(external link)");
  });
});

describe("markdownToPlainText", () => {
  it("strips markup and collapses whitespace", () => {
    const source =
      "# Our *new* role\n\nWe use `Python` &amp; [Rust](https://www.rust-lang.org/).\n\n- One\n-   Two\n";
    expect(markdownToPlainText(source)).toBe("Our new role We use Python & Rust. One Two");
  });

  it("keeps raw HTML as its literal text", () => {
    expect(markdownToPlainText("<b>Hi</b>")).toBe("<b>Hi</b>");
  });
});

describe("markdownExcerpt", () => {
  it("returns short text whole", () => {
    expect(markdownExcerpt("A **short** post.")).toBe("A short post.");
  });

  it("cuts long text at a word boundary with an ellipsis", () => {
    const excerpt = markdownExcerpt("The quick brown fox, jumps over the lazy dog.", 25);
    expect(excerpt).toBe("The quick brown fox…");
    expect(excerpt.length).toBeLessThanOrEqual(25);
  });

  it("defaults to 200 characters", () => {
    const excerpt = markdownExcerpt("word ".repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt).toMatch(/word…$/);
  });

  it("cuts a single long word where it must", () => {
    expect(markdownExcerpt("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
