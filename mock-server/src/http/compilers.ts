// The request validators and response serializers every Fastify instance of this process compiles its
// routes' schemas with. The schemas are module constants, so a schema compiled once serves every later
// instance: a test run builds more than a hundred apps, and compiling every route's schemas again took
// about a second of CPU per app (mock-server README "Tests").
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (data: unknown) => string;
type BuildSerializer = ReturnType<typeof SerializerSelector>;

/** One Ajv per set of options and external schemas (its own pool), and Ajv caches a compile per schema object. */
const buildValidator = AjvCompiler();

const compileSerializer = SerializerSelector();
const serializers = new WeakMap<object, Serialize>();

/** fast-json-stringify per response schema object; kept only when no external schemas are in play (none are). */
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const compile = compileSerializer(externalSchemas, options);
  if (Object.keys(externalSchemas ?? {}).length > 0 || options !== undefined) return compile;
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const known = serializers.get(schema);
    if (known) return known;
    const made = compile(route) as Serialize;
    serializers.set(schema, made);
    return made;
  };
};

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator, buildSerializer },
};
