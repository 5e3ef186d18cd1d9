// Validation of the config values the platform understands. Pure: returns field-named problems.
import {
  CONSENT_CONFIG_TYPE,
  DASHBOARD_WIDGETS,
  isTimeZone,
  REPORT_IDS,
  REPORTS_CONFIG,
  type ReportsConfig,
  themeLogoProblem,
} from '@originate/contract';
import { Id, ReportsConfigSchema, validateConsentSet } from '@originate/contract/schemas';
import { Value } from 'typebox/value';

export interface Problem {
  label: string;
  reason: string;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const COLOUR_REASON = 'must be a colour in #rrggbb form';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v) && URL.canParse(v);

function unknownKeys(value: Record<string, unknown>, allowed: string[], prefix: string): Problem[] {
  return Object.keys(value)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ label: `${prefix}${k}`, reason: 'is not allowed' }));
}

function validateTheme(value: unknown): Problem[] {
  if (!isRecord(value)) return [{ label: 'body', reason: 'must be an object' }];
  const problems = unknownKeys(
    value,
    ['primaryColor', 'secondaryColor', 'backgroundColor', 'surfaceColor', 'typography', 'font', 'logo'],
    '',
  );
  if (value.logo !== undefined) {
    const reason = themeLogoProblem(value.logo);
    if (reason) problems.push({ label: 'logo', reason });
  }
  for (const key of ['primaryColor', 'secondaryColor', 'backgroundColor', 'surfaceColor']) {
    const colour = value[key];
    if (colour === undefined) problems.push({ label: key, reason: 'is required' });
    else if (typeof colour !== 'string' || !HEX_COLOUR.test(colour))
      problems.push({ label: key, reason: COLOUR_REASON });
  }
  if (value.typography !== undefined) {
    if (!isRecord(value.typography)) problems.push({ label: 'typography', reason: 'must be an object' });
    else {
      problems.push(...unknownKeys(value.typography, ['primaryColor', 'secondaryColor'], 'typography.'));
      for (const key of ['primaryColor', 'secondaryColor']) {
        const colour = value.typography[key];
        if (colour !== undefined && (typeof colour !== 'string' || !HEX_COLOUR.test(colour))) {
          problems.push({ label: `typography.${key}`, reason: COLOUR_REASON });
        }
      }
    }
  }
  if (value.font !== undefined) {
    if (!isRecord(value.font)) problems.push({ label: 'font', reason: 'must be an object' });
    else {
      problems.push(...unknownKeys(value.font, ['family', 'size'], 'font.'));
      const { family, size } = value.font;
      if (family !== undefined && (typeof family !== 'string' || family.length === 0 || family.length > 200)) {
        problems.push({ label: 'font.family', reason: 'must be a font family name of 1 to 200 characters' });
      }
      if (size !== undefined && (typeof size !== 'number' || !Number.isInteger(size) || size < 8 || size > 32)) {
        problems.push({ label: 'font.size', reason: 'must be a whole number of pixels from 8 to 32' });
      }
    }
  }
  return problems;
}

function validateFeatures(value: unknown): Problem[] {
  if (!isRecord(value)) return [{ label: 'body', reason: 'must be an object' }];
  const problems = unknownKeys(value, ['MultiLingual', 'ApplicationFormPreview'], '');
  for (const key of ['MultiLingual', 'ApplicationFormPreview']) {
    if (typeof value[key] !== 'boolean') problems.push({ label: key, reason: 'must be true or false' });
  }
  return problems;
}

function validateDomain(value: unknown): Problem[] {
  if (!Array.isArray(value) || value.length === 0)
    return [{ label: 'body', reason: 'must be a non-empty list of {customerportal}' }];
  return value.flatMap((entry, i): Problem[] => {
    if (!isRecord(entry)) return [{ label: `[${i}]`, reason: 'must be an object' }];
    const problems = unknownKeys(entry, ['customerportal'], `[${i}].`);
    if (!isHttpUrl(entry.customerportal))
      problems.push({ label: `[${i}].customerportal`, reason: 'must be an absolute http(s) URL' });
    return problems;
  });
}

function validateAdminConfigurations(value: unknown): Problem[] {
  if (!isRecord(value)) return [{ label: 'body', reason: 'must be an object' }];
  const problems = unknownKeys(value, ['chatbotScriptUrl', 'bankTimeZone'], '');
  if (value.chatbotScriptUrl !== null && !isHttpUrl(value.chatbotScriptUrl)) {
    problems.push({ label: 'chatbotScriptUrl', reason: 'must be an absolute http(s) URL or null' });
  }
  const zone = value.bankTimeZone;
  if (zone !== undefined && (typeof zone !== 'string' || !isTimeZone(zone))) {
    problems.push({ label: 'bankTimeZone', reason: 'must be an IANA time zone such as Asia/Kolkata' });
  }
  return problems;
}

/**
 * The two entry fields GET /setup/configs selects by (?isenabled=true, ?configId=): isEnabled a boolean,
 * configId a string or number, unique within a list, so a selection is never ambiguous.
 */
function validateEntryFields(value: object): Problem[] {
  const entries: [unknown, string][] = Array.isArray(value) ? value.map((e, i) => [e, `[${i}].`]) : [[value, '']];
  const seen = new Set<string>();
  return entries.flatMap(([entry, prefix]): Problem[] => {
    if (!isRecord(entry)) return [];
    const problems: Problem[] = [];
    if (entry.isEnabled !== undefined && typeof entry.isEnabled !== 'boolean')
      problems.push({ label: `${prefix}isEnabled`, reason: 'must be true or false' });
    const { configId } = entry;
    if (configId === undefined) return problems;
    if (!Value.Check(Id, configId) && !Number.isSafeInteger(configId))
      problems.push({
        label: `${prefix}configId`,
        reason: 'must be a whole number or an id of 1 to 64 letters, digits and _.:-',
      });
    else if (seen.has(String(configId)))
      problems.push({ label: `${prefix}configId`, reason: 'is used by another entry' });
    else seen.add(String(configId));
    return problems;
  });
}

/** Problems with a new value for config {type}/{name}; values of unknown configs need only be JSON objects or lists. */
/**
 * Analytics/Reports against ReportsConfigSchema, each problem naming its path (dashboard[2].widget); a
 * widget or report listed twice is refused too (the dashboard would show it twice).
 */
function validateReports(value: unknown): Problem[] {
  const byLabel = new Map<string, string>();
  for (const e of Value.Errors(ReportsConfigSchema, value)) {
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    const label = pathLabel(e.instancePath, params.requiredProperties?.[0] ?? params.additionalProperties?.[0]);
    // A widget or report id fails each constant of its union: one reason naming the choices instead.
    const reason = label.endsWith('.widget')
      ? `must be one of ${DASHBOARD_WIDGETS.join(', ')}`
      : label.endsWith('.report')
        ? `must be one of ${REPORT_IDS.join(', ')}`
        : e.keyword === 'additionalProperties'
          ? 'is not allowed'
          : e.keyword === 'required'
            ? 'is required'
            : (e.message ?? 'is not valid');
    if (!byLabel.has(label)) byLabel.set(label, reason);
  }
  const problems: Problem[] = [...byLabel].map(([label, reason]) => ({ label, reason }));
  if (problems.length > 0) return problems;
  const config = value as ReportsConfig;
  const lists = [
    ['dashboard', 'widget', config.dashboard.map((d): string => d.widget)],
    ['reports', 'report', config.reports.map((r): string => r.report)],
  ] as const;
  for (const [list, key, ids] of lists) {
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) problems.push({ label: `${list}[${i}].${key}`, reason: `lists ${id} a second time` });
    });
  }
  return problems;
}

/** '/dashboard/2/widget' (+ a missing or extra property) → 'dashboard[2].widget'. */
function pathLabel(pointer: string, property?: string): string {
  const parts = [...pointer.split('/').filter(Boolean), ...(property ? [property] : [])];
  return (
    parts.reduce((label, part) => (/^\d+$/.test(part) ? `${label}[${part}]` : label ? `${label}.${part}` : part), '') ||
    'body'
  );
}

export function validateConfigValue(type: string, name: string, value: unknown): Problem[] {
  if (type === 'Theme') return validateTheme(value);
  if (type === CONSENT_CONFIG_TYPE) return validateConsentSet(name, value);
  if (type === 'Admin' && name === 'Features') return validateFeatures(value);
  if (type === 'Admin' && name === 'Configurations') return validateAdminConfigurations(value);
  if (type === 'Environment' && name === 'Domain') return validateDomain(value);
  if (type === REPORTS_CONFIG.type && name === REPORTS_CONFIG.name) return validateReports(value);
  if (typeof value !== 'object' || value === null) return [{ label: 'body', reason: 'must be a JSON object or list' }];
  return validateEntryFields(value);
}
