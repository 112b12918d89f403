import type http from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createLocalIdentityProvider } from "~/server/auth/local-identity-provider.server";
import { getConfig, setConfig, type Config } from "~/server/config.server";
import { freePort } from "./server-process";

/**
 * The real local identity provider (oidc-provider) listening on a port of its own for a test file's sign-in
 * flows, with the site's config pointed at it (and put back after each test). Read `origin` and `config`
 * once the file's beforeAll hooks have run.
 */
export function useLocalIdentityProvider(): { origin: string; config: Config } {
  const state = { origin: "", config: undefined as unknown as Config };
  let server: http.Server | undefined;
  beforeAll(async () => {
    const port = await freePort();
    state.origin = `http://localhost:${port}`;
    const base = getConfig();
    state.config = {
      ...base,
      publicUrl: new URL(state.origin),
      // Many flows run from one test address: the sign-in limit itself is tested on its own.
      rateLimits: { ...base.rateLimits, signIn: { max: 10_000, windowSeconds: 600 } },
    };
    setConfig(state.config);
    const app = express();
    app.use("/oidc", createLocalIdentityProvider(state.config));
    await new Promise<void>((resolve) => {
      server = app.listen(port, "127.0.0.1", resolve);
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  afterEach(() => setConfig(state.config));
  return state;
}
