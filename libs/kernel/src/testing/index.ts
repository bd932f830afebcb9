export * from './decider-specification';
