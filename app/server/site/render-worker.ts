/**
 * The render worker's program (app/server/site/render-off-thread.server.ts): the build compiles it to
 * `build/render-worker.js`. It imports the jobs from the module it is given (the server build, whose entry
 * re-exports `runRenderJob`) and answers each message with its job's result, or the error's message.
 */
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

interface JobsModule {
  runRenderJob(name: string, args: unknown[]): unknown;
}

const loaded = (await import(pathToFileURL(String(workerData.module)).href)) as JobsModule & {
  entry?: { module: JobsModule };
};
const { runRenderJob } = loaded.entry?.module ?? loaded;

parentPort!.on("message", ({ id, name, args }: { id: number; name: string; args: unknown[] }) => {
  try {
    parentPort!.postMessage({ id, result: runRenderJob(name, args) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
