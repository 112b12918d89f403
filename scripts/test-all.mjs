// `npm test`: every check in order, stopping at the first failure, then each stage's wall time in a table.
// Stages in one group run side by side (the type checker and the linter: each single-threaded, neither timed), their output
// printed whole as each ends. `--ci` (what .ci/run runs) adds the integration suite on PostgreSQL and the
// resilience suite; the time .ci/run spent before (its installs) comes in as CI_SETUP_SECONDS.
import { spawn } from "node:child_process";

const ci = process.argv.includes("--ci");
const postgres = { DATABASE_URL: process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" };

/** Groups of [name, command, env]: a group's stages run together, the groups one after another. */
const groups = [
  [
    ["typecheck", ["npm", "run", "--silent", "typecheck"]],
    ["lint", ["npm", "run", "--silent", "lint"]],
  ],
  [["unit", ["npx", "vitest", "run", "--project", "unit"]]],
  [["build", ["npx", "remix", "vite:build"]]],
  [["integration (PGlite)", ["npx", "vitest", "run", "--project", "integration"]]],
  [["end-to-end", ["node", "scripts/e2e.mjs"], { E2E_SKIP_BUILD: "1" }]],
  [["firefox", ["npx", "vitest", "run", "--project", "firefox"]]],
  ...(ci
    ? [
        [["integration (PostgreSQL)", ["npx", "vitest", "run", "--project", "integration"], postgres]],
        [["resilience (PostgreSQL)", ["npx", "vitest", "run", "--project", "resilience"], postgres]],
      ]
    : []),
];

const times = process.env.CI_SETUP_SECONDS ? [["setup and install", Number(process.env.CI_SETUP_SECONDS)]] : [];
const runStarted = Date.now() - (times[0]?.[1] ?? 0) * 1000;

function table(outcome) {
  const rows = times.map(([name, seconds]) => `| ${name} | ${seconds.toFixed(1)} |`);
  const total = (Date.now() - runStarted) / 1000;
  console.log(`\n| stage | wall s |\n|---|---:|\n${rows.join("\n")}\n| **total** (${outcome}) | **${total.toFixed(1)}** (${(total / 60).toFixed(1)} min) |`);
}

/** Runs one stage; alone, its output streams; beside another, it is kept and printed when it ends. */
function run([name, [command, ...args], env = {}], alone) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name}: ${[command, ...args].join(" ")}${alone ? "" : " (beside another stage; its output when it ends)"}`);
    const started = Date.now();
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      if (!alone) process.stdout.write(`\n=== output of ${name}\n${Buffer.concat(output).toString()}`);
      const seconds = (Date.now() - started) / 1000;
      times.push([name, seconds]);
      console.log(`=== ${name} ${code === 0 ? "passed" : `failed (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`);
      resolve({ name, code: code ?? 1 });
    });
  });
}

for (const group of groups) {
  const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n=== ${failed.name} failed; stopping.`);
    table(`${failed.name} failed`);
    process.exit(failed.code);
  }
}
table("all passed");
