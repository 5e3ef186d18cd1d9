// The applications module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { canAccessApplication, toActor, toTaskAccess } from './access';
export { fieldChanges, recordAudits } from './audits';
export {
  actorOn,
  applicationFor,
  editingDisabledOn,
  loadApplication,
  NO_ACCESS,
  NOT_YOURS,
  staffEditRefusal,
} from './caller-view';
export type { Effects } from './effects';
export { newEffects, notifyTeam, notifyUser, publish, touchApplication } from './effects';
export { type FlowDoc, flowOfApplication } from './flow-doc';
export { notesRoutes } from './notes-routes';
export { applicationsRoutes } from './routes';
export type { StoredApplication, TaskRow } from './stored';
export { currentTask, findApplication, forApplicant, iso } from './stored';
export { addWorklog } from './worklog';
