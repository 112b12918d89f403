// `npm test`: every check in order, stopping at the first failure, then each stage's wall time in a table.
// `--ci` (what .ci/run runs) adds the integration suite on PostgreSQL and the resilience suite; the time
// .ci/run spent before (its installs) comes in as CI_SETUP_SECONDS and heads the table.
import { spawnSync } from "node:child_process";

const ci = process.argv.includes("--ci");
const postgres = { DATABASE_URL: process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" };

const steps = [
  ["typecheck", ["npm", "run", "--silent", "typecheck"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["unit", ["npx", "vitest", "run", "--project", "unit"]],
  ["build", ["npx", "remix", "vite:build"]],
  ["integration (PGlite)", ["npx", "vitest", "run", "--project", "integration"]],
  ["end-to-end", ["node", "scripts/e2e.mjs"], { E2E_SKIP_BUILD: "1" }],
  ["firefox", ["npx", "vitest", "run", "--project", "firefox"]],
  ...(ci
    ? [
        ["integration (PostgreSQL)", ["npx", "vitest", "run", "--project", "integration"], postgres],
        ["resilience (PostgreSQL)", ["npx", "vitest", "run", "--project", "resilience"], postgres],
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

for (const [name, [command, ...args], env = {}] of steps) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  times.push([name, (Date.now() - started) / 1000]);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed (exit ${result.status ?? result.signal}); stopping.`);
    table(`${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${times.at(-1)[1].toFixed(1)} s`);
}
table("all passed");
