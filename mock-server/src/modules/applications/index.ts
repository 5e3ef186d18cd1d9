// The applications module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { canAccessApplication, toActor, toTaskAccess } from './access';
export type { StoredApplication, TaskRow } from './applications';
export { currentTask, findApplication, forApplicant, iso } from './applications';
export { fieldChanges, recordAudits } from './audits';
export { staffEditRefusal, taskConfigs } from './detail';
export type { Effects } from './effects';
export { newEffects, notifyTeam, notifyUser, publish, touchApplication } from './effects';
export { notesRoutes } from './notes-routes';
export { applicationsRoutes, NOT_YOURS } from './routes';
export { addWorklog } from './worklog';
