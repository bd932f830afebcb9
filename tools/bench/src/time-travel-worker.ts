/** Runs the time-travel measurements in a worker thread of their own (see time-travel.bench.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { measureTimeTravel, type TimeTravelBenchOptions } from './time-travel.bench';

measureTimeTravel(workerData as TimeTravelBenchOptions).then(
  (measures) => parentPort?.postMessage(measures),
  (error: unknown) => parentPort?.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
