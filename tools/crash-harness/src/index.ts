export * from './api-process';
export * from './disk-check';
export * from './driver';
export * from './graphql-client';
