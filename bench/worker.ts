// A bench's TypeScript module run in a worker thread, and its replies taken in order.
import { Worker } from 'node:worker_threads';

/**
 * Starts `module` (a URL next to the caller's file) in a worker thread with `workerData`; `next()`
 * resolves with the worker's next message. `what` names it in the error printed if it fails.
 */
export function startTsWorker<Reply>(module: URL, workerData: unknown, what: string) {
  // A worker does not inherit the `--import tsx` loader: it registers it before loading the TypeScript.
  const entry = JSON.stringify(module.href);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, {
    eval: true,
    workerData,
  });
  const replies: ((reply: Reply) => void)[] = [];
  worker.on('message', (reply: Reply) => replies.shift()?.(reply));
  worker.on('error', (error) => console.error(`${what} failed`, error));
  const next = () => new Promise<Reply>((resolve) => replies.push(resolve));
  return { worker, next };
}
