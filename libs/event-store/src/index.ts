export * from './event-store.port';
export * from './catch-up-subscription';
export * from './in-memory-event-store';
export * from './json';
