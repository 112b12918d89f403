import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runRenderJob } from "~/models/render-jobs.server";
import { renderInWorker, renderOffThread } from "~/server/site/render-off-thread.server";

const root = path.resolve(import.meta.dirname, "../..");
const SITE = "https://kestrel.example";
const manyHeadings = { summary: "Headings.", body: Array.from({ length: 20_000 }, () => "# a").join("\n") };

// The worker's program from source, with the jobs' own module (production gives it the server build).
const fromSource = {
  script: path.join(root, "app/server/site/render-worker.ts"),
  module: path.join(root, "app/models/render-jobs.server.ts"),
  execArgv: ["--import", "tsx"],
};

describe("Markdown renders in the render worker", () => {
  beforeAll(() => renderInWorker(fromSource));
  afterAll(() => renderInWorker(undefined));

  it("gives what the same render gives in the thread", async () => {
    const role = {
      slug: "data-engineer",
      title: "Data Engineer",
      team: "Data",
      location: "London",
      summary: "Pipelines.",
      body: "## What you will do\n\nBuild [pipelines](https://example.com).",
    };
    expect(await renderOffThread("role", role, SITE, undefined)).toEqual(
      runRenderJob("role", [role, SITE, undefined]),
    );
    expect(await renderOffThread("preview", "# A\n\n### B", { siteOrigin: SITE })).toEqual(
      runRenderJob("preview", ["# A\n\n### B", { siteOrigin: SITE }]),
    );
  });

  it("leaves this thread free while a long body renders", async () => {
    const order: string[] = [];
    const rendered = renderOffThread("post", manyHeadings, SITE, undefined).then((post) => {
      order.push("rendered");
      return post;
    });
    setTimeout(() => order.push("a timer set after it"), 0);
    expect((await rendered).bodyHtml).toContain('id="a-19999"');
    expect(order).toEqual(["a timer set after it", "rendered"]);
  });

  it("refuses a render that fails, with its error, and goes on rendering", async () => {
    await expect(renderOffThread("headingSkips", null as unknown as string)).rejects.toThrow();
    expect(await renderOffThread("headingSkips", "# A\n\n### B")).toEqual([
      '"### B" follows a level-1 heading',
    ]);
  });

  it("refuses the renders of a worker that cannot start, says so in the log, and starts a new one for the next", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderInWorker({ ...fromSource, module: path.join(root, "app/models/no-such-module.ts") });
    await expect(renderOffThread("headingSkips", "# A")).rejects.toThrow();
    expect(logged.mock.calls.join(" ")).toMatch(/the render worker failed; 1 render\(s\) refused/);
    logged.mockRestore();
    renderInWorker(fromSource);
    expect(await renderOffThread("headingSkips", "# A\n\n## B")).toEqual([]);
  });
});

describe("Markdown renders without a worker (development, tests of loaders and actions)", () => {
  it("run in the thread and give the same", async () => {
    renderInWorker(undefined);
    expect(await renderOffThread("headingSkips", "## A\n\n#### B")).toEqual([
      '"#### B" follows a level-2 heading',
    ]);
  });
});
