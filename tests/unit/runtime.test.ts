import fs from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

/** The platform package that installs Node into node_modules/.bin on this machine (README, "The runtime"). */
const platformPackage = `node-${process.platform}-${process.arch}`;

describe("the runtime", () => {
  it("runs the tests on Node 24, the range package.json's engines names", () => {
    expect(pkg.engines.node).toMatch(/^>=24\.\d+ <25$/);
    expect(process.versions.node).toMatch(/^24\./);
  });

  it("is the Node that package.json installs on this platform, when it installs one", () => {
    const pinned = pkg.optionalDependencies[platformPackage];
    if (pinned === undefined) return;
    expect(process.versions.node, `${process.execPath} (${platformPackage}@${pinned})`).toBe(pinned);
  });
});
