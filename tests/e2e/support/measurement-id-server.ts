import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "../../helpers/server-process";

/**
 * A production server of its own whose SEO settings carry a GA4 measurement ID, set the way an operator's
 * save sets it (through the model) in a fresh data folder before the server starts: no test-only route.
 */
export async function startServerWithMeasurementId(measurementId: string): Promise<RunningServer & { baseURL: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-ga-"));
  const prepared = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/support/set-measurement-id.ts", measurementId], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000" },
    encoding: "utf8",
  });
  if (prepared.status !== 0) throw new Error(`Could not set the measurement ID:\n${prepared.stdout}${prepared.stderr}`);
  const server = await startServer({ DATA_DIR: dataDir, CONTACT_RATE_LIMIT: "1000" });
  return {
    ...server,
    // The site's own origin (PUBLIC_URL), which the cross-site write guard expects.
    baseURL: `http://localhost:${server.port}`,
    async stop() {
      const code = await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
