// '@originate/web/lists': what every server-side list of the back office is built from (the application
// lists, the lead lists). A subpath of its own: it carries MUI's data grid, which the login page and the
// remotes without lists never load. It imports the package root by name (one federated instance).
export * from './CountChips';
export * from './columns';
export * from './ExportButton';
export * from './listApi';
export * from './listState';
export * from './live';
export * from './SavedFilters';
export * from './ServerListGrid';
export * from './useListSetup';
export * from './useLiveChanges';
export * from './useServerList';
