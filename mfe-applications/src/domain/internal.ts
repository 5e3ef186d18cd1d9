// Applications staff start for a walk-in customer (New Internal): where the Start application button
// shows, and when the detail offers to send the applicant a resume link. The contract's rules decide;
// this only reads the list and the application for them.
import {
  type Application,
  type ApplicationList,
  mayStartApplications,
  resumeLinkRefusal,
  type TaskProgress,
} from '@originate/contract';

const START_LISTS: readonly ApplicationList[] = ['NEW_INTERNAL', 'MY_INTERNAL'];
const OPEN: readonly TaskProgress[] = ['In Progress', 'Pending'];

/** The Internal lists offer Start application to users the server lets start one. */
export function showsStartApplication(list: ApplicationList, roles: readonly string[]): boolean {
  return START_LISTS.includes(list) && mayStartApplications(roles);
}

/** A branch-started application whose customer-flow task is open: its applicant may be sent a resume link. */
export function offersResumeLink(app: Pick<Application, 'source_id' | 'appLifeCycle' | '_applicationStatus'>): boolean {
  if (app.source_id !== 'BRANCH') return false;
  const customerFlowOpen = (app.appLifeCycle?.steps ?? []).some(
    (step) => step.type === 'CUST_FLOW' && step.assignmentInfo.some((a) => OPEN.includes(a.progress)),
  );
  // A submitted application's customer-flow task is Completed: customerFlowOpen says it.
  return resumeLinkRefusal({ status: app._applicationStatus, submitted: false, customerFlowOpen }) === null;
}
