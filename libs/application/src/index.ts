export * from './command-handler';
export * from './snapshot-store';
