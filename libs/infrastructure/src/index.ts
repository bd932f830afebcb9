export * from './crypto-random';
export * from './open-event-store';
export * from './storage-config';
export * from './open-seed-store';
export * from './event-log-seed-store';
