// The configs module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").

export { brandingRoutes } from './branding-routes';
export { applyExplicitPortalUrl, bankTimeZoneOf, customerPortalOrigin, readConfig } from './entries';
export { flowConfigAdminRoutes, flowConfigRoutes } from './flow-config-routes';
export { flowConfigSaveAdminRoutes, flowConfigSaveRoutes } from './flow-config-save-routes';
export {
  type FlowRules,
  findProduct,
  flowFor,
  saveComponentConfig,
  saveFieldOptions,
  saveFlowConfig,
  savePageRules,
  saveProduct,
  saveTranslations,
} from './flow-store';
export { configsRoutes } from './routes';
export { specConfigAdminRoutes, specConfigRoutes } from './spec-routes';
