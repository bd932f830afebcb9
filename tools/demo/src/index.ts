export * from './bot-driver';
export * from './demo-league';
