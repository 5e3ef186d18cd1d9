// Field access (spec §5 'access control exists with access other than WRITE', §6 'Field access gives WRITE
// or else read only'): one rule for the flow engine (read-only fields) and the server (refused saves).
// The configuration shape is ours (FieldConfig.accessControl); the package README "Field access" explains it.
import type { Team } from '../contracts/entities';
import type { FieldAccessEntry, FieldConfig } from '../contracts/flow';
import { inTaskTeam } from './teams';

export type FieldAccess = 'WRITE' | 'READ';

/** Who looks at the form: a staff user's roles and teams. Applicants are `null` (access control is for staff). */
export interface FieldAccessViewer {
  roles: readonly string[];
  teams: readonly Team[];
}

/** An entry matches a viewer holding one of its roles (if it names roles) and in one of its teams (if it names teams). */
export function accessEntryMatches(entry: FieldAccessEntry, viewer: FieldAccessViewer): boolean {
  const byRole = entry.roles === undefined || entry.roles.some((role) => viewer.roles.includes(role));
  const byTeam = entry.teams === undefined || inTaskTeam(viewer.teams, entry.teams);
  return byRole && byTeam;
}

/**
 * One field's access: READ when the form is READ; the form's access when the field has no access control
 * or the viewer is an applicant; otherwise WRITE exactly when a matching entry says WRITE (an entry saying
 * READ grants nothing: it only documents who reads, so entries never cancel each other out).
 */
export function fieldAccess(
  field: Pick<FieldConfig, 'accessControl'>,
  viewer: FieldAccessViewer | null,
  formAccess: FieldAccess = 'WRITE',
): FieldAccess {
  if (formAccess === 'READ') return 'READ';
  const entries = field.accessControl;
  if (!viewer || !entries || entries.length === 0) return formAccess;
  return entries.some((entry) => entry.access === 'WRITE' && accessEntryMatches(entry, viewer)) ? 'WRITE' : 'READ';
}

/** The table (NESTED_TABLE container) a field is a cell of, if any: its groupKey names a container of the same list. */
export function tableOfField(fields: readonly FieldConfig[], field: FieldConfig): FieldConfig | undefined {
  if (field.groupKey === undefined) return undefined;
  return fields.find((f) => f.key === field.groupKey && f.field_type_details.type === 'container');
}

/**
 * The keys of one component's fields that access control leaves the viewer READ on, the form being
 * WRITE: each controlled field no matching entry grants WRITE, and every cell of such a table (a table
 * is read or written whole: its cells take the table's access). Applicants (`null`): none.
 */
export function readOnlyByAccessControl(fields: readonly FieldConfig[], viewer: FieldAccessViewer | null): Set<string> {
  const readOnly = new Set<string>();
  if (!viewer) return readOnly;
  for (const field of fields) {
    const owner = tableOfField(fields, field) ?? field;
    if (fieldAccess(owner, viewer) === 'READ') readOnly.add(field.key);
  }
  return readOnly;
}
