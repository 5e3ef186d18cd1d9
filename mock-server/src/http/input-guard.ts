// Text and shape rules every request input obeys before any schema, handler or SQL sees it. PostgreSQL
// refuses NUL in text and jsonb and malformed UTF-16 cannot be stored, so both are bad input (400 naming
// the field), never a 500; nesting is bounded so no handler recurses into a stack overflow.

/** Deeper than any value the platform stores (flow configs nest about a dozen levels). */
const MAX_INPUT_DEPTH = 64;

/** The field at fault and why, as a 400 lists it. */
export interface InputProblem {
  label: string;
  reason: string;
}

const NUL_REASON = 'must not contain a NUL character';
const SURROGATE_REASON = 'is not well-formed Unicode (lone surrogate)';
const DEPTH_REASON = `is nested deeper than ${MAX_INPUT_DEPTH} levels`;
const ENCODING_REASON = 'is not well-formed percent-encoded UTF-8';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_REASON;
  return LONE_SURROGATE.test(value) ? SURROGATE_REASON : null;
}

function childLabel(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * The first problem in a parsed input (body, query or params), labelled as the schema errors are
 * ('teams[0]', 'subscription.keys.auth'); `root` labels the value itself. Iterative, so no input can
 * overflow the stack here.
 */
export function inputProblem(value: unknown, root: string): InputProblem | null {
  const stack: { value: unknown; label: string; depth: number }[] = [{ value, label: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    const label = item.label || root;
    if (typeof item.value === 'string') {
      const reason = textProblem(item.value);
      if (reason) return { label, reason };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { label, reason: DEPTH_REASON };
    const entries: [string | number, unknown][] = Array.isArray(item.value)
      ? item.value.map((v, i) => [i, v])
      : Object.entries(item.value);
    for (const [key, child] of entries.reverse()) {
      if (typeof key === 'string') {
        const reason = textProblem(key);
        if (reason)
          return { label: childLabel(item.label, key.replace(/[^\x20-\x7e]/g, '?')), reason: `key ${reason}` };
      }
      stack.push({ value: child, label: childLabel(item.label, key), depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * The first query field whose name or value is not percent-encoded UTF-8 (a stray '%', a truncated escape,
 * invalid bytes, a lone surrogate's CESU-8 bytes). The query parser keeps such text as it came, so without
 * this `%FF%FE` would reach a free-text field as the literal characters instead of being refused.
 */
export function queryEncodingProblem(url: string): InputProblem | null {
  const at = url.indexOf('?');
  if (at === -1) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    const decodedName = decodes(name);
    if (decodedName === null) return { label: 'query', reason: `has a field name that ${ENCODING_REASON}` };
    if (decodes(value) === null) return { label: decodedName, reason: ENCODING_REASON };
  }
  return null;
}

function decodes(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
