import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";

/** The server's Node flags are spelled out where they cannot be imported: package.json and the README. */
describe("the Node flags the server runs with", () => {
  const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

  it.each(["start", "serve"])("are on the command of npm run %s", (name) => {
    const words = scripts[name]!.split(/\s+/);
    expect(words.slice(0, 2)).toEqual(["exec", "node"]);
    for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
  });

  it("are in the command the README tells a deployment to run", () => {
    expect(fs.readFileSync("README.md", "utf8")).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} build/server.js`);
  });
});
