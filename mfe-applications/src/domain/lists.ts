// An application list's state (the shared server-list state, its list and review bucket) and how it
// becomes the GraphQL variables: pure, so every mapping is unit-tested without a grid. The grid's models
// in the server's terms are @originate/web/lists' (every list's).
import type {
  ApplicationList,
  ApplicationStatus,
  ApplicationsData,
  ExportApplicationsBody,
  ListQueryArgs,
  TaskReviewBucket,
} from '@originate/contract';
import {
  countChipFilter,
  effectiveFilters,
  type ListFilter,
  type ListSort,
  type ServerListState,
} from '@originate/web/lists';

export interface ListState extends ServerListState {
  list: ApplicationList;
  bucket: TaskReviewBucket;
}

export function initialListState(list: ApplicationList, pageSize: number, sort: ListSort | null): ListState {
  return { list, page: 0, pageSize, sort, filters: [], chip: null, search: '', bucket: 'All' };
}

/** The list as it stands, without its page: only what is set is sent; 'All' is the server's default bucket. */
export function toExportBody(state: ListState): ExportApplicationsBody {
  const filters = effectiveFilters(state);
  const search = state.search.trim();
  return {
    list: state.list,
    ...(filters.length > 0 ? { filters } : {}),
    ...(search ? { search } : {}),
    ...(state.bucket !== 'All' ? { bucket: state.bucket } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
  };
}

/** The variables of one page (GraphQL 'applications'): the list as it stands and its page. */
export function toVariables(state: ListState): ListQueryArgs {
  return { ...toExportBody(state), page: { page: state.page, size: state.pageSize } };
}

export type CountGroup = 'stage' | 'task' | 'version';

/** The column each count group filters on (table-config fields). */
export const COUNT_FIELDS: Record<CountGroup, string> = { stage: 'stage', task: 'name', version: 'verNum' };

/** An application's status as staff read it (the server's code stays the filter's value). */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  ACTIVE: 'Active',
  CANCELLED: 'Cancelled',
  REJECTED: 'Rejected',
  DELETED: 'Deleted',
  COMPLETED: 'Completed',
  INACTIVE: 'Inactive',
};

/** The list's count: each row is an application's open task, so staff count applications. */
export const countText = (count: number) => `${count} ${count === 1 ? 'application' : 'applications'}`;

/**
 * The counts per flow version (spec: the list shows them) help only where the list holds more than one
 * version: with one, every row is the same version and the chip says nothing.
 */
export const showVersionCounts = (versions: ApplicationsData['versionNumberWise']) => versions.length > 1;

/** A count chip as the filter it applies. */
export function chipFilter(group: CountGroup, value: string | number): ListFilter {
  return countChipFilter(COUNT_FIELDS[group], value);
}
