export * from './remedies';
export * from './with-rulings';
export * from './voiding';
export * from './dispute.types';
export * from './dispute.decider';
export * from './corrected-result';
