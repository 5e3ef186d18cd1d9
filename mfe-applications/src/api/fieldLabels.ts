// The labels the field history shows: each audited field key named as the application's flow names it
// (its flow version's components), the key kept as a hint; a key no component names (task fields) stays a key.
import { API_PATHS, apiPath, type ComponentConfig, type FlowConfig } from '@originate/contract';
import { ComponentConfigSchema, FlowConfigSchema, parseWithSchema } from '@originate/contract/schemas';
import { api } from '@originate/web';

/** Field key → label, in the flow's step order; a key on two steps keeps its first label. */
export function fieldLabelsOf(flow: FlowConfig, components: readonly ComponentConfig[]): Map<string, string> {
  const byId = new Map(components.map((c) => [c.componentId, c]));
  const labels = new Map<string, string>();
  for (const section of flow.sections) {
    for (const sub of section.sub_sections) {
      for (const field of byId.get(sub.componentId)?.fields ?? []) {
        if (!labels.has(field.key)) labels.set(field.key, field.label);
      }
    }
  }
  return labels;
}

export interface FieldName {
  key: string;
  /** The flow's label, or the key itself when no component names it. */
  label: string;
  /** The key, shown beside the label; null when the label is the key. */
  hint: string | null;
}

export function fieldName(key: string, labels: ReadonlyMap<string, string> | undefined): FieldName {
  const label = labels?.get(key);
  return label && label !== key ? { key, label, hint: key } : { key, label: key, hint: null };
}

/** The picker's fields: by label, then key; labels that repeat keep their keys apart by the hint. */
export function pickerFields(keys: Iterable<string>, labels: ReadonlyMap<string, string> | undefined): FieldName[] {
  return [...new Set(keys)]
    .map((key) => fieldName(key, labels))
    .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
}

/** The flow version the application was captured with, and its components' field labels. */
export async function fetchFieldLabels(flowId: string, verNum: number): Promise<Map<string, string>> {
  const flow = parseWithSchema(
    FlowConfigSchema,
    await api.get<unknown>(apiPath('flowConfigById', { verNum, flowId })),
    `flow ${flowId} v${verNum}`,
  );
  const componentIds = [...new Set(flow.sections.flatMap((s) => s.sub_sections.map((u) => u.componentId)))];
  if (componentIds.length === 0) return new Map();
  const answer = await api.post<unknown>(API_PATHS.componentsConfigs, { componentIds });
  const source = `components of flow ${flowId}`;
  if (!Array.isArray(answer)) throw new Error(`${source}: is not a list`);
  const components = answer.map((c, i) => parseWithSchema(ComponentConfigSchema, c, `${source}[${i}]`));
  return fieldLabelsOf(flow, components);
}
