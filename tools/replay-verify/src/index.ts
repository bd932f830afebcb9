export * from './verify-replay';
export * from './verify-fairness';
