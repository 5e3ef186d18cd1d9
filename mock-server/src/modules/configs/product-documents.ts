// The documents a product asks for (README "Product documents"): the upload fields of its flow's documents
// step, read and edited as a list in Settings › Products. There is no second model: a document is a
// file_upload field (key = document type, mandatory = required, accept = upload kinds), and a save is a save
// of that step's component, so the portal, the back office's document types and the credit summary's
// document status read the change from the component like any other. Pure: the routes load and store.
import type { ComponentConfig, FieldConfig, FlowConfig, LayoutElement, ProductDocument } from '@originate/contract';
import { UPLOAD_KINDS } from '@originate/contract/schemas';
import type { ConfigIssue } from './flow-save-checks';

export interface DocumentsStep {
  componentId: string;
  name: string;
}

const isUpload = (field: FieldConfig) => field.field_type_details.type === 'file_upload';
const isHeading = (field: FieldConfig) => field.field_type_details.type === 'heading';

/**
 * The flow's documents step: the first step whose screen asks for files and nothing else (headings aside).
 * A step that also asks for other values (KYC's PAN with its ID proof) is about those values, not a document list.
 */
export function documentsStep(
  flow: FlowConfig,
  components: ReadonlyMap<string, ComponentConfig>,
): DocumentsStep | null {
  for (const sub of flow.sections.flatMap((section) => section.sub_sections)) {
    const component = components.get(sub.componentId);
    if (!component) continue;
    const uploads = component.fields.filter(isUpload);
    if (uploads.length > 0 && component.fields.every((f) => isUpload(f) || isHeading(f))) {
      return { componentId: component.componentId, name: sub.display_name };
    }
  }
  return null;
}

/** The step's documents in the order the applicant sees them; no `accept` in the flow means every kind. */
export function documentsOf(component: ComponentConfig): ProductDocument[] {
  return component.fields.filter(isUpload).map((f) => ({
    key: f.key,
    label: f.label,
    required: f.field_type_details.mandatory === true,
    accept: f.field_type_details.accept?.length ? [...f.field_type_details.accept] : [...UPLOAD_KINDS],
  }));
}

/**
 * What a list must satisfy beyond its shape: a label, each key once and not another field of the flow
 * (`flowKeys`: key → the step that holds it; an application keeps one value per key), at least one file
 * type, each once.
 */
export function documentIssues(
  documents: readonly ProductDocument[],
  flowKeys: ReadonlyMap<string, string>,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const keys = new Set<string>();
  documents.forEach((doc, d) => {
    const at = `documents[${d}]`;
    if (keys.has(doc.key)) issues.push({ label: `${at}.key`, reason: `duplicate '${doc.key}': each document once` });
    keys.add(doc.key);
    const step = flowKeys.get(doc.key);
    if (step !== undefined) {
      issues.push({ label: `${at}.key`, reason: `'${doc.key}' is already a field of the step '${step}'` });
    }
    if (doc.label.trim() === '')
      issues.push({ label: `${at}.label`, reason: 'must not be empty: the name applicants see' });
    if (doc.accept.length === 0) {
      issues.push({ label: `${at}.accept`, reason: `must name at least one file type of ${UPLOAD_KINDS.join(', ')}` });
    }
    const kinds = new Set<string>();
    for (const kind of doc.accept) {
      if (kinds.has(kind)) issues.push({ label: `${at}.accept`, reason: `names '${kind}' twice` });
      kinds.add(kind);
    }
  });
  return issues;
}

/** A layout without the removed keys' cells, with a row for each added key at the end. */
function relaidOut(layout: readonly LayoutElement[], removed: ReadonlySet<string>, added: readonly string[]) {
  const prune = (elements: readonly LayoutElement[]): LayoutElement[] =>
    elements
      .filter((e) => !(e.type === 'field' && e.key !== undefined && removed.has(e.key)))
      .map((e) => (e.children ? { ...e, children: prune(e.children) } : e));
  return [...prune(layout), ...added.map((key): LayoutElement => ({ type: 'field', key }))];
}

/**
 * The step's component with `documents` as its upload fields, in that order after its other fields. A kept
 * document keeps what the list does not edit (access control, the applicants it is asked of); a new one is
 * asked of the primary applicant, like a field the seeds add.
 */
export function withDocuments(component: ComponentConfig, documents: readonly ProductDocument[]): ComponentConfig {
  const existing = new Map(component.fields.filter(isUpload).map((f) => [f.key, f]));
  const uploads = documents.map((doc): FieldConfig => {
    const before = existing.get(doc.key);
    const details = { mandatory: doc.required, accept: [...doc.accept] };
    return before
      ? { ...before, label: doc.label, field_type_details: { ...before.field_type_details, ...details } }
      : { key: doc.key, label: doc.label, enable: true, field_type_details: { type: 'file_upload', ...details } };
  });
  const changed: ComponentConfig = {
    ...component,
    fields: [...component.fields.filter((f) => !isUpload(f)), ...uploads],
  };
  if (!component.layout) return changed;
  const kept = new Set(documents.map((doc) => doc.key));
  const removed = new Set([...existing.keys()].filter((key) => !kept.has(key)));
  const added = documents.map((doc) => doc.key).filter((key) => !existing.has(key));
  return { ...changed, layout: relaidOut(component.layout, removed, added) };
}

/** An issue about the saved component's fields[i] named as the document it is (documents[j]), else as it came. */
export function asDocumentIssue(issue: ConfigIssue, saved: ComponentConfig): ConfigIssue {
  const match = /^fields\[(\d+)\](.*)$/.exec(issue.label);
  if (!match) return issue;
  const field = saved.fields[Number(match[1])];
  if (!field) return issue;
  const index = saved.fields.filter(isUpload).indexOf(field);
  if (index === -1) return issue;
  const rest = (match[2] ?? '').replace(/^\.field_type_details\.mandatory$/, '.required');
  return { label: `documents[${index}]${rest}`, reason: issue.reason };
}
