// The '@originate/contract/templates' entry: rendering and checking templates, the loan's cost and schedule.
// An entry of its own because it carries mustache and decimal.js, which the root (the login page) never needs.
export * from './rules/loanCost';
export * from './rules/templates';
