export * from './sqlite-event-store';
export * from './sqlite-snapshots';
export * from './sqlite-seed-store';
export * from './sqlite-log-reader';
