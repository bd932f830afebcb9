export * from './decider';
export * from './errors';
export * from './ids';
export * from './random';
export * from './corrections';
