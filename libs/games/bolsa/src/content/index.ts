export { companies, companyIds } from './companies';
export type { CompanyDefinition } from './companies';
export { components } from './components';
export { newspaperCards } from './newspaper-cards';
export { setupTables } from './setup-tables';
export type { PlayerCountSetup } from './setup-tables';
