export * from './bot-driver';
export * from './bolsa-bot-driver';
export * from './table-driver';
export * from './maxi-bourse-bot-driver';
export * from './demo-people';
export * from './demo-league';
export * from './identity-seeder';
