export * from './commitment';
export * from './fair-random';
export * from './integrity-metadata';
export * from './seed-store';
export * from './verify-fairness';
export * from './integrity-recorder';
export * from './unit-seeds';
export * from './published-fairness';
