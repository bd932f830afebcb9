export * from './verify-replay';
export * from './verify-fairness';
export * from './verify-game';
