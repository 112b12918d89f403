import { Worker } from "node:worker_threads";
import {
  runRenderJob,
  type RenderJobArgs,
  type RenderJobName,
  type RenderJobResult,
} from "~/models/render-jobs.server";

/**
 * Markdown is rendered when a post or role is written and for an editor's preview, never when a page is viewed;
 * still, a body of 100,000 characters (20,000 headings) takes ~0.2 s, which on the thread that answers
 * requests would hold up every visitor for as long. So in production those renders run in one worker thread,
 * one after another, and the request that asked waits for its own; everyone else is answered meanwhile.
 *
 * The worker imports the server build (it has every job, app/models/render-jobs.server.ts) and is started at
 * the first render, then kept, unreferenced (it never holds the process open). If it fails or exits, what it
 * had is refused with the error and the next render starts a new one. Without a worker (development, where
 * Vite builds the server in memory, and tests that call loaders and actions), a render runs in the thread.
 */

export interface RenderWorkerSource {
  /** The worker's program: the build's render-worker.js (app/server/site/render-worker.ts). */
  script: string;
  /** The module it imports the jobs from: the server build, or (a test) the jobs' source under a loader. */
  module: string;
  execArgv?: string[];
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

let source: RenderWorkerSource | undefined;
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** Renders go to a worker running `workerSource` from now on (the server calls it at start, in production). */
export function renderInWorker(workerSource: RenderWorkerSource | undefined): void {
  source = workerSource;
  const replaced = worker;
  worker = undefined;
  if (!replaced) return;
  failAll(new Error("the render worker was replaced"));
  void replaced.terminate();
}

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function startWorker(from: RenderWorkerSource): Worker {
  const started = new Worker(from.script, {
    workerData: { module: from.module },
    execArgv: from.execArgv ?? [],
  });
  started.unref();
  started.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    if (error === undefined) job.resolve(result);
    else job.reject(new Error(error));
  });
  const gone = (error: Error) => {
    if (worker !== started) return;
    worker = undefined;
    if (pending.size > 0)
      console.error(`[render] the render worker failed; ${pending.size} render(s) refused: ${error.message}`);
    failAll(error);
  };
  started.on("error", gone);
  started.on("exit", (code) => gone(new Error(`the render worker exited (code ${code})`)));
  return started;
}

/** `name`'s render of `args`, in the worker when there is one, else here. */
export function renderOffThread<N extends RenderJobName>(
  name: N,
  ...args: RenderJobArgs<N>
): Promise<RenderJobResult<N>> {
  if (!source) {
    try {
      return Promise.resolve(runRenderJob(name, args));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  worker ??= startWorker(source);
  const id = nextId++;
  return new Promise<RenderJobResult<N>>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker!.postMessage({ id, name, args });
  });
}
