// `npm test`: every check in order, stopping at the first failure, then each stage's wall time in a table.
// A group's lanes run side by side, each lane's stages one after another; the groups run one after another.
// A stage beside another has its output kept and printed whole when it ends. `--ci` (what .ci/run runs)
// adds the integration suite on PostgreSQL and the resilience suite; the time .ci/run spent before (its
// installs) comes in as CI_SETUP_SECONDS.
import { spawn } from "node:child_process";
import fs from "node:fs";

const ci = process.argv.includes("--ci");
const postgres = { DATABASE_URL: process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" };

/**
 * The resilience tests that use only the embedded database: they run beside the ones that stop
 * PostgreSQL and terminate every kestrel-site backend, which nothing else may use meanwhile.
 */
const EMBEDDED_RESILIENCE = [
  "tests/resilience/embedded-database.test.ts",
  "tests/resilience/watchdog.test.ts",
  "tests/resilience/data-folder-owner.test.ts",
];

/**
 * Groups of lanes of [name, command, env]. The type checker and the linter are single-threaded and leave
 * a core each for the unit tests and the build beside them. The resilience suite waits on outages more
 * than it works: its PostgreSQL half runs beside its embedded half and then the Firefox suite, neither of
 * which opens a PostgreSQL connection.
 */
const groups = [
  [
    [["typecheck", ["npm", "run", "--silent", "typecheck"]], ["unit", ["npx", "vitest", "run", "--project", "unit"]]],
    [["lint", ["npm", "run", "--silent", "lint"]], ["build", ["npx", "remix", "vite:build"]]],
  ],
  [[["integration (PGlite)", ["npx", "vitest", "run", "--project", "integration"]]]],
  [[["end-to-end", ["node", "scripts/e2e.mjs"], { E2E_SKIP_BUILD: "1" }]]],
  ...(ci
    ? [
        [[["integration (PostgreSQL)", ["npx", "vitest", "run", "--project", "integration"], postgres]]],
        [
          [
            [
              "resilience (PostgreSQL)",
              ["npx", "vitest", "run", "--project", "resilience", ...EMBEDDED_RESILIENCE.flatMap((file) => ["--exclude", file])],
              postgres,
            ],
          ],
          [
            ["resilience (embedded database)", ["npx", "vitest", "run", "--project", "resilience", ...EMBEDDED_RESILIENCE]],
            ["firefox", ["npx", "vitest", "run", "--project", "firefox"]],
          ],
        ],
      ]
    : [[[["firefox", ["npx", "vitest", "run", "--project", "firefox"]]]]]),
];

const times = process.env.CI_SETUP_SECONDS ? [["setup and install", Number(process.env.CI_SETUP_SECONDS), null]] : [];

/** Seconds the whole machine's cores have been busy since boot (from /proc/stat), or null where there is none. */
function busyCpuSeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}
const runStarted = Date.now() - (times[0]?.[1] ?? 0) * 1000;

function table(outcome) {
  const rows = times.map(([name, seconds, busy]) => `| ${name} | ${seconds.toFixed(1)} | ${busy === null ? "" : busy.toFixed(0)} |`);
  const total = (Date.now() - runStarted) / 1000;
  console.log(
    `\n| stage | wall s | busy CPU s (whole machine) |\n|---|---:|---:|\n${rows.join("\n")}\n| **total** (${outcome}) | **${total.toFixed(1)}** (${(total / 60).toFixed(1)} min) | |`,
  );
}

/** Runs one stage; alone, its output streams; beside another, it is kept and printed when it ends. */
function run([name, [command, ...args], env = {}], alone) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name}: ${[command, ...args].join(" ")}${alone ? "" : " (beside another stage; its output when it ends)"}`);
    const started = Date.now();
    const busyAtStart = busyCpuSeconds();
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      if (!alone) process.stdout.write(`\n=== output of ${name}\n${Buffer.concat(output).toString()}`);
      const seconds = (Date.now() - started) / 1000;
      const busyAtEnd = busyCpuSeconds();
      times.push([name, seconds, busyAtStart === null || busyAtEnd === null ? null : busyAtEnd - busyAtStart]);
      console.log(`=== ${name} ${code === 0 ? "passed" : `failed (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`);
      resolve({ name, code: code ?? 1 });
    });
  });
}

/** Runs a lane's stages in order, stopping at the first that fails. */
async function runLane(lane, alone) {
  for (const stage of lane) {
    const result = await run(stage, alone);
    if (result.code !== 0) return result;
  }
  return { code: 0 };
}

for (const group of groups) {
  const results = await Promise.all(group.map((lane) => runLane(lane, group.length === 1)));
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n=== ${failed.name} failed; stopping.`);
    table(`${failed.name} failed`);
    process.exit(failed.code);
  }
}
table("all passed");
