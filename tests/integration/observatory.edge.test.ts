// The server's edge, the same whichever database is behind it: run in the PGlite pass only (vite.config.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestCertificates, type TestCertificates } from "../helpers/test-ca";
import { freePort, startServer, type RunningServer } from "../helpers/server-process";

/**
 * The site as deployed: served over TLS with a certificate from a test CA, plain HTTP redirecting to
 * HTTPS, graded by the MDN HTTP Observatory's own scanner.
 */
describe("an https site graded by the HTTP Observatory", () => {
  let certs: TestCertificates;
  let server: RunningServer;
  let httpsPort: number;
  let httpPort: number;

  const getTls = (path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      https
        .get({ host: "localhost", port: httpsPort, path, ca: fs.readFileSync(certs.caFile) }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: res.headers });
        })
        .on("error", reject);
    });

  beforeAll(async () => {
    certs = makeTestCertificates();
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    server = await startServer(
      {
        PORT: String(httpsPort),
        PUBLIC_URL: `https://localhost:${httpsPort}`,
        TLS_CERT_FILE: certs.certFile,
        TLS_KEY_FILE: certs.keyFile,
        HTTP_REDIRECT_PORT: String(httpPort),
      },
      { ready: async () => (await getTls("/healthz")).status === 200 },
    );
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(certs.dir, { recursive: true, force: true });
  });

  it("redirects plain HTTP to the same address over HTTPS, but answers the health probes", async () => {
    const page = await fetch(`http://127.0.0.1:${httpPort}/about?utm_source=x`, { redirect: "manual" });
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe(`https://localhost:${httpsPort}/about?utm_source=x`);
    const form = await fetch(`http://127.0.0.1:${httpPort}/contact`, { method: "POST", redirect: "manual", body: "a=b" });
    expect(form.status).toBe(308);
    expect((await fetch(`http://127.0.0.1:${httpPort}/healthz`)).status).toBe(200);
    const secure = await getTls("/");
    expect(secure.status).toBe(200);
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("grades A+", () => {
    const scan = spawnSync(process.execPath, ["tests/helpers/observatory-scan.mjs", "localhost", String(httpPort), String(httpsPort)], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certs.caFile },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(scan.status, scan.stderr).toBe(0);
    const result = JSON.parse(scan.stdout) as { grade: string; score: number; testsPassed: number; testsQuantity: number; tests: unknown };
    expect(result.grade, JSON.stringify(result.tests, null, 2)).toBe("A+");
    expect(result.testsPassed).toBe(result.testsQuantity);
    console.info(`HTTP Observatory: ${result.grade} (${result.score}), ${result.testsPassed}/${result.testsQuantity} tests passed`);
  });
});
