// How the summary shows a value: read-only words for each field type.

import {
  type FieldConfig,
  type FieldOptions,
  type FieldValue,
  formatCurrency,
  formatPercent,
} from '@originate/contract';
import { toNumber } from '@originate/flow-engine';

export function displayValue(
  field: FieldConfig,
  value: FieldValue | undefined,
  options?: FieldOptions['values'],
): string {
  const details = field.field_type_details;
  if (value === undefined || value === null || value === '') return '—';
  const optionLabel = (v: string | number) => options?.find((o) => o.value === String(v))?.label ?? String(v);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (details.type === 'range') return value.join(' – ');
    return value.length === 0 ? '—' : value.map(optionLabel).join(', ');
  }
  if (typeof value === 'object') {
    if ('uploadedDocuments' in value) {
      return value.uploadedDocuments.length === 0 ? '—' : value.uploadedDocuments.map((d) => d.fileName).join(', ');
    }
    if ('fileId' in value) return 'Signed';
    if ('isVerified' in value) return value.isVerified ? `Verified (${value.recipient})` : 'Not verified';
    if ('subRecords' in value) return `${value.subRecords.length} row${value.subRecords.length === 1 ? '' : 's'}`;
    return '—';
  }
  if (details.type === 'dropdown' || details.type === 'radio') return optionLabel(value);
  if (details.type === 'password') return '••••••';
  if (details.currency_field) {
    const n = toNumber(value);
    if (!Number.isFinite(n)) return String(value);
    return details.currency === 'PERCENT' ? formatPercent(n) : formatCurrency(n, details.currency ?? 'INR');
  }
  return String(value);
}
