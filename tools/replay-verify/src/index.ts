export * from './verify-replay';
