// GraphQL SDL written from TypeBox schemas, so the SDL mercurius serves and the TypeScript types of its
// requests and answers come from one definition and cannot drift (answers/lists.ts uses it).
// Answers (graphqlObjectTypes): String, Integer → Int, Number → Float, Boolean; a union of string literals →
// String; an array → a list; a nested object → the named type whose schema it is; `| null` → nullable,
// anything else non-null. A `description` becomes the field's or type's description. GraphQL answers every
// selected field, null when there is nothing, so an optional property must be nullable too
// (`Type.Optional(Nullable(X))`): its one type then holds for a REST answer, which leaves it out, and for
// GraphQL's null. Anything else (an optional that is not nullable, a record, an unknown, a union of
// objects) has no GraphQL type here and throws, naming where.
// Requests (graphqlInputTypes, graphqlArguments): the same scalars and lists; a union of string literals is
// the named enum with those values and a nested object the named input type. A client may leave out or
// send null for whatever is nullable, so optional and nullable go together (`Type.Optional(Nullable(X))`)
// and the Static type says both.
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

/** The named enums (unions of string literals) and input types a request's arguments are written with. */
export interface GraphqlRequestTypes {
  enums: Readonly<Record<string, TSchema>>;
  inputs: Readonly<Record<string, TObject>>;
}

/** The values of a union of string literals, or null when it is something else. */
function stringLiterals(branches: readonly TSchema[]): string[] | null {
  const values = branches.map((s) => (Type.IsLiteral(s) && typeof s.const === 'string' ? s.const : null));
  return values.every((v) => v !== null) ? values : null;
}

interface RequestNames {
  enums: ReadonlyMap<string, string>;
  inputs: ReadonlyMap<string, string>;
}

function requestNames(types: GraphqlRequestTypes): RequestNames {
  const enums = new Map<string, string>();
  for (const [name, schema] of Object.entries(types.enums)) {
    const values = stringLiterals(branchesOf(schema));
    if (!values) throw new Error(`enum ${name}: not a union of string literals`);
    enums.set(JSON.stringify(values), name);
  }
  const inputs = new Map<string, string>();
  for (const [name, schema] of Object.entries(types.inputs)) inputs.set(shapeOf(schema), name);
  return { enums, inputs };
}

/** A property's input type; `member` says whether it may be optional (an object's property, not an array's item). */
function inputTypeOf(schema: TSchema, names: RequestNames, where: string, member: boolean): string {
  const branches = branchesOf(schema);
  const values = branches.filter((s) => !Type.IsNull(s));
  const nullable = values.length < branches.length;
  if (member && Type.IsOptional(schema) !== nullable) {
    throw new Error(`${where}: optional and nullable go together in a request (a client may send null for it)`);
  }
  const [only] = values;
  const literals = values.length > 1 ? stringLiterals(values) : null;
  let named: string;
  if (values.length > 1) {
    const name = literals && names.enums.get(JSON.stringify(literals));
    if (!name) throw new Error(`${where}: a union that is none of the named enums`);
    named = name;
  } else if (!only) {
    throw new Error(`${where}: null alone has no GraphQL type`);
  } else if (Type.IsArray(only)) {
    named = `[${inputTypeOf(only.items, names, `${where}[]`, false)}]`;
  } else if (Type.IsObject(only)) {
    const name = names.inputs.get(shapeOf(only));
    if (!name) throw new Error(`${where}: an object that is none of the named input types`);
    named = name;
  } else if (Type.IsString(only) || (Type.IsLiteral(only) && typeof only.const === 'string')) {
    named = 'String';
  } else if (Type.IsInteger(only)) {
    named = 'Int';
  } else if (Type.IsNumber(only)) {
    named = 'Float';
  } else if (Type.IsBoolean(only)) {
    named = 'Boolean';
  } else {
    throw new Error(`${where}: no GraphQL input type for this schema`);
  }
  return nullable ? named : `${named}!`;
}

function inputFields(schema: TObject, names: RequestNames, owner: string, indent: string): string[] {
  return Object.entries(schema.properties).map(
    ([field, property]) =>
      `${descriptionOf(property, indent)}${indent}${field}: ${inputTypeOf(property, names, `${owner}.${field}`, true)}`,
  );
}

/** The SDL of the enums, then the input types, each in the order given. */
export function graphqlInputTypes(types: GraphqlRequestTypes): string {
  const names = requestNames(types);
  const enums = Object.entries(types.enums).map(
    ([name, schema]) =>
      `${descriptionOf(schema, '')}enum ${name} {\n${(stringLiterals(branchesOf(schema)) ?? []).map((v) => `  ${v}`).join('\n')}\n}`,
  );
  const inputs = Object.entries(types.inputs).map(
    ([name, schema]) =>
      `${descriptionOf(schema, '')}input ${name} {\n${inputFields(schema, names, name, '  ').join('\n')}\n}`,
  );
  return [...enums, ...inputs].join('\n');
}

/** A field's arguments, one a line at `indent`, from the schema of its arguments (`field` names it in errors). */
export function graphqlArguments(field: string, args: TObject, types: GraphqlRequestTypes, indent: string): string {
  return inputFields(args, requestNames(types), field, indent).join('\n');
}
