// `npm test`: every check in order, stopping at the first failure.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", ["npm", "run", "--silent", "typecheck"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["unit", ["npx", "vitest", "run", "--project", "unit"]],
  ["build", ["npx", "remix", "vite:build"]],
  ["integration", ["npx", "vitest", "run", "--project", "integration"]],
  ["end-to-end", ["node", "scripts/e2e.mjs"]],
  ["firefox", ["npx", "vitest", "run", "--project", "firefox"]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const env = name === "end-to-end" ? { ...process.env, E2E_SKIP_BUILD: "1" } : process.env;
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed (exit ${result.status ?? result.signal}); stopping.`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log("\nAll checks passed.");
