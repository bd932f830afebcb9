import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Runs one of this folder's worker scripts (TypeScript, compiled on load like the benchmark itself:
 * workers inherit the parent's `-r @swc-node/register`) and resolves with the message it posts.
 */
export function runWorker<Result>(script: string, data: unknown, onMessage?: (message: unknown) => void): { done: Promise<Result>; worker: Worker } {
  const worker = new Worker(join(__dirname, script), { workerData: data });
  const done = new Promise<Result>((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'failure' in message) reject(new Error(String(message.failure)));
      else if (typeof message === 'object' && message !== null && 'progress' in message) onMessage?.(message);
      else {
        resolve(message as Result);
        void worker.terminate();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`Worker ${script} exited with code ${code}`));
    });
  });
  return { done, worker };
}
