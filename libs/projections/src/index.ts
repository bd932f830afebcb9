export * from './read-models';
export * from './projection-engine';
export * from './stock-ticker-projection';
