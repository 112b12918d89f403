import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { configDefaults } from "vitest/config";
import remixOptions from "./remix.config.js";
import { precompressAssets } from "./scripts/precompress-assets";
import { serverEntry } from "./scripts/server-entry";
import { serverOnlyRouteExports } from "./scripts/server-only-route-exports";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const integrationTimeout = 60_000;

/**
 * The small modules every public page loads go into one chunk: two dozen files of a few hundred bytes each
 * compress worse and cost more requests than one. Page-specific and lazily loaded modules stay apart.
 */
const SHARED_SITE_MODULES =
  /\/app\/(components\/ui\/(button|icons|smart-link|toast)|components\/site\/(site-shell|site-services|header|footer|logo|cookie-banner|analytics|contact-provider|deferred-contact-dialog|contact-link|error-boundary|not-found|page-removed|server-error|search-form|section|card|fact-list|callout|json-ld|badge|product-card|disclaimer)|utils\/(seo|hydrated|contact|nonce|consent|consent-store|analytics|toast|site-layout|hero-cta|product-status|dates|slug)|content\/(pages|company|policy-facts|disclaimer|types)|schemas\/contact-fields)\.tsx?$/;

export default defineConfig({
  // One import style: `~/` for the app, `~db/` for the database layer beside it (tsconfig.json says the same).
  resolve: { alias: { "~db": path.resolve(import.meta.dirname, "db"), "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [
    tailwindcss(),
    ...(process.env.VITEST
      ? []
      : [
          remix(remixOptions),
          serverOnlyRouteExports(path.resolve(import.meta.dirname, "app"), ["openapi"]),
          precompressAssets(),
          serverEntry(import.meta.dirname),
        ]),
  ],
  build: {
    assetsInlineLimit: 0,
    // Terser ships about 4 KB (gzipped) less than esbuild on the shared chunk every page loads.
    minify: "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3 }, format: { comments: false } },
    rollupOptions: {
      output: {
        manualChunks: (id: string) => (SHARED_SITE_MODULES.test(id) ? "site" : undefined),
      },
    },
  },
  // drizzle-orm's package.json holds an export map of ~180 KB, which Node 24 parses again for every one of the
  // package's modules it resolves (~0.35 s of each server start); in the server build it is resolved once, at build.
  ssr: { noExternal: ["drizzle-orm"] },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          // `*.edge.test.ts`: the server's edge (Host headers, the page cache, security headers, the admin's
          // signed-out 404), answered before anything the store could change; the PostgreSQL pass leaves them out.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? ["tests/integration/**/*.edge.test.ts"] : [])],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/setup-env.ts"],
          testTimeout: integrationTimeout,
          hookTimeout: integrationTimeout,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "firefox",
          include: ["tests/firefox/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
