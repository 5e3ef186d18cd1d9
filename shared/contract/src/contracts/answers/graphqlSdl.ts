// GraphQL object types written from TypeBox answer schemas, so the SDL mercurius serves and the
// TypeScript types of its answers come from one definition and cannot drift (answers/lists.ts uses it).
// The mapping: String, Integer → Int, Number → Float, Boolean; a union of string literals → String; an
// array → a list; a nested object → the named type whose schema it is; `| null` → nullable, anything else
// non-null. A `description` becomes the field's or type's description. GraphQL answers every selected
// field, null when there is nothing, so an optional property must be nullable too
// (`Type.Optional(Nullable(X))`): its one type then holds for a REST answer, which leaves it out, and for
// GraphQL's null. Anything else (an optional that is not nullable, a record, an unknown, a union of
// objects) has no GraphQL type here and throws, naming where.
import Type, { type TObject, type TSchema } from 'typebox';

/** The schema as JSON: a nested object is recognised by being one of the named schemas. */
const shapeOf = (schema: TSchema) => JSON.stringify(schema);

function descriptionOf(schema: TSchema, indent: string): string {
  const { description } = schema as { description?: unknown };
  return typeof description === 'string' ? `${indent}${JSON.stringify(description)}\n` : '';
}

/** A union's branches, nested unions flattened (a nullable union of literals is one union). */
const branchesOf = (schema: TSchema): TSchema[] => (Type.IsUnion(schema) ? schema.anyOf.flatMap(branchesOf) : [schema]);

function typeOf(schema: TSchema, names: ReadonlyMap<string, string>, where: string): string {
  const branches = branchesOf(schema);
  const values = branches.filter((s) => !Type.IsNull(s));
  const nullable = values.length < branches.length;
  if (Type.IsOptional(schema) && !nullable) {
    throw new Error(`${where}: optional but not nullable, while GraphQL answers null for it`);
  }
  const [only] = values;
  let named: string;
  if (values.length > 1) {
    if (!values.every((s) => Type.IsLiteral(s) && typeof s.const === 'string')) {
      throw new Error(`${where}: a union other than of strings has no GraphQL type`);
    }
    named = 'String';
  } else if (!only) {
    throw new Error(`${where}: null alone has no GraphQL type`);
  } else if (Type.IsArray(only)) {
    named = `[${typeOf(only.items, names, `${where}[]`)}]`;
  } else if (Type.IsObject(only)) {
    const name = names.get(shapeOf(only));
    if (!name) throw new Error(`${where}: an object that is none of the named types`);
    named = name;
  } else if (Type.IsString(only) || (Type.IsLiteral(only) && typeof only.const === 'string')) {
    named = 'String';
  } else if (Type.IsInteger(only)) {
    named = 'Int';
  } else if (Type.IsNumber(only)) {
    named = 'Float';
  } else if (Type.IsBoolean(only) || (Type.IsLiteral(only) && typeof only.const === 'boolean')) {
    named = 'Boolean';
  } else {
    throw new Error(`${where}: no GraphQL type for this schema`);
  }
  return nullable ? named : `${named}!`;
}

/** The SDL of these object types (name → schema), in the order given. */
export function graphqlObjectTypes(types: Readonly<Record<string, TObject>>): string {
  const names = new Map<string, string>();
  for (const [name, schema] of Object.entries(types)) {
    const shape = shapeOf(schema);
    const twin = names.get(shape);
    if (twin) throw new Error(`${name} and ${twin} have the same schema: a nested one could be either`);
    names.set(shape, name);
  }
  return Object.entries(types)
    .map(([name, schema]) => {
      const fields = Object.entries(schema.properties).map(
        ([field, property]) =>
          `${descriptionOf(property, '  ')}  ${field}: ${typeOf(property, names, `${name}.${field}`)}`,
      );
      return `${descriptionOf(schema, '')}type ${name} {\n${fields.join('\n')}\n}`;
    })
    .join('\n');
}
