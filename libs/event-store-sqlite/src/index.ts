export * from './sqlite-event-store';
export * from './sqlite-snapshots';
