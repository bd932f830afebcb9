export * from './eventstoredb-event-store';
export * from './eventstoredb-mapping';
