export * from './command-binding';
export * from './command-handler';
export * from './snapshot-store';
export * from './time-travel';
