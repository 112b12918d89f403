// Grades a site with the MDN HTTP Observatory's own scanner (@mdn/mdn-http-observatory): its retriever,
// its ten tests and its grader. Its `scan()` takes no ports, so this does what `scan()` does with the
// retriever's port options. Run with NODE_EXTRA_CA_CERTS naming the CA of the site's certificate.
// Usage: node tests/helpers/observatory-scan.mjs <host> <httpPort> <httpsPort>  -> JSON on stdout
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [host, httpPort, httpsPort] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));

// The package downloads the HSTS preload list at install (a network step not run here): an empty list
// means no host counts as preloaded, which is true of a test site.
const preload = path.join(root, "conf", "hsts-preload.json");
if (!fs.existsSync(preload)) fs.writeFileSync(preload, "{}");

const { retrieve } = await import(path.join(root, "src/retriever/retriever.js"));
const { ALL_TESTS, NUM_TESTS } = await import(path.join(root, "src/constants.js"));
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(path.join(root, "src/grader/charts.js"));
const { getGradeForScore, getScoreModifier } = await import(path.join(root, "src/grader/grader.js"));

const requests = await retrieve(host, { httpPort, httpsPort });
if (!requests.responses.auto) throw new Error(`The site at ${host}:${httpsPort} did not answer`);
const results = ALL_TESTS.map((test) => test(requests));
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  const modifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(
  JSON.stringify({
    grade: final.grade,
    score: final.score,
    testsPassed: passed,
    testsQuantity: NUM_TESTS,
    statusCode: requests.responses.auto.status,
    tests: Object.fromEntries(results.map((r) => [r.constructor.name, { pass: r.pass, result: r.result, scoreModifier: getScoreModifier(r.result) }])),
  }),
);
