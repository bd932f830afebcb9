export { dice, ofType, Scenario, spaceOf, table } from './fixtures';
export type { TableSetup } from './fixtures';
