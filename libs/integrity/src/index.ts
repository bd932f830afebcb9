export * from './canonical-json';
export * from './chain';
export * from './hash-chained-event-store';
export * from './verify-stream-chain';
export * from './fairness';
