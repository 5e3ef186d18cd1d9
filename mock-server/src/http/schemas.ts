// Small JSON-schema builders shared by the route plugins.
import Type from 'typebox';

export const nonEmptyString = (maxLength = 256) => Type.String({ minLength: 1, maxLength });

export const idString = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;

export function objectSchema(properties: Record<string, unknown>, required: string[] = Object.keys(properties)) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}
