// The lists module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").

export { listRoutes, listSetupRoutes } from './routes';
export {
  bankDayOfInstant,
  checkPage,
  EXPORT_BATCH_ROWS,
  filterCondition,
  keysetBatches,
  LEAD_LIST_FIELDS,
  likePrefix,
  Params,
  sortColumn,
  tableConfig,
} from './shared-query';
export { specListRoutes } from './spec-routes';
export {
  followedApplications,
  operationalLevelAgreement,
  taskLifecycleFields,
} from './task-pages';
