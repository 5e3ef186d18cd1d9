import Type from 'typebox';
import { FILTER_OPERATORS } from '../backOffice';
import { GRAPHQL_REQUEST_TYPES, ListFilterSchema, ListQueryArgsSchema } from '../backOfficeSchemas';
import { closed, Nullable } from '../primitives';
import { graphqlArguments, graphqlInputTypes, graphqlObjectTypes } from './graphqlSdl';
import { BACK_OFFICE_SDL } from './lists';

const Part = Type.Object({ name: Type.String(), weight: Type.Number() }, closed);

describe('graphqlObjectTypes', () => {
  it('writes each named schema as a type: scalars, lists, named objects, nullability and descriptions', () => {
    const Order = Type.Object(
      {
        id: Type.String(),
        count: Type.Integer(),
        paid: Type.Boolean(),
        state: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
        note: Nullable(Type.String(), { description: 'What the buyer wrote, if anything.' }),
        parts: Type.Array(Part),
        main: Type.Optional(Nullable(Part)),
        tags: Type.Array(Nullable(Type.String())),
        mode: Nullable(Type.Union([Type.Literal('A'), Type.Literal('B')])),
      },
      closed,
    );
    expect(graphqlObjectTypes({ Part, Order })).toBe(
      [
        'type Part {',
        '  name: String!',
        '  weight: Float!',
        '}',
        'type Order {',
        '  id: String!',
        '  count: Int!',
        '  paid: Boolean!',
        '  state: String!',
        '  "What the buyer wrote, if anything."',
        '  note: String',
        '  parts: [Part!]!',
        '  main: Part',
        '  tags: [String]!',
        '  mode: String',
        '}',
      ].join('\n'),
    );
  });

  it('refuses what has no GraphQL type, naming where', () => {
    const Open = Type.Object({ extra: Type.Record(Type.String(), Type.Unknown()) }, closed);
    expect(() => graphqlObjectTypes({ Open })).toThrow('Open.extra: no GraphQL type for this schema');
    const Unnamed = Type.Object({ inner: Type.Object({ x: Type.String() }, closed) }, closed);
    expect(() => graphqlObjectTypes({ Unnamed })).toThrow('Unnamed.inner: an object that is none of the named types');
    const Mixed = Type.Object({ either: Type.Union([Type.String(), Type.Number()]) }, closed);
    expect(() => graphqlObjectTypes({ Mixed })).toThrow('Mixed.either: a union other than of strings');
    expect(() => graphqlObjectTypes({ Part, Twin: Part })).toThrow('Twin and Part have the same schema');
    const Absent = Type.Object({ maybe: Type.Optional(Type.String()) }, closed);
    expect(() => graphqlObjectTypes({ Absent })).toThrow('Absent.maybe: optional but not nullable');
  });
});

describe('graphqlInputTypes and graphqlArguments', () => {
  const Color = Type.Union([Type.Literal('RED'), Type.Literal('BLUE')]);
  const Range = Type.Object({ from: Type.Integer(), to: Type.Optional(Nullable(Type.Number())) }, closed);
  const types = { enums: { Color }, inputs: { Range } };

  it('writes enums, input types and arguments: scalars, lists, named enums and inputs, nullability', () => {
    expect(graphqlInputTypes(types)).toBe(
      ['enum Color {', '  RED', '  BLUE', '}', 'input Range {', '  from: Int!', '  to: Float', '}'].join('\n'),
    );
    const Args = Type.Object(
      {
        color: Color,
        ranges: Type.Optional(Nullable(Type.Array(Range))),
        shade: Type.Optional(Nullable(Color)),
        exact: Type.Optional(Nullable(Type.Boolean(), { description: 'Only this color.' })),
        name: Type.String(),
      },
      closed,
    );
    expect(graphqlArguments('paint', Args, types, '  ')).toBe(
      [
        '  color: Color!',
        '  ranges: [Range!]',
        '  shade: Color',
        '  "Only this color."',
        '  exact: Boolean',
        '  name: String!',
      ].join('\n'),
    );
  });

  it('refuses what a request cannot say in GraphQL, naming where', () => {
    const args = (properties: Parameters<typeof Type.Object>[0]) =>
      graphqlArguments('paint', Type.Object(properties, closed), types, '');
    expect(() => args({ maybe: Type.Optional(Type.String()) })).toThrow(
      'paint.maybe: optional and nullable go together',
    );
    expect(() => args({ orNull: Nullable(Type.String()) })).toThrow('paint.orNull: optional and nullable go together');
    expect(() => args({ tone: Type.Union([Type.Literal('DARK'), Type.Literal('LIGHT')]) })).toThrow(
      'paint.tone: a union that is none of the named enums',
    );
    expect(() => args({ at: Type.Object({ x: Type.Integer() }, closed) })).toThrow(
      'paint.at: an object that is none of the named input types',
    );
    expect(() => args({ extra: Type.Record(Type.String(), Type.Unknown()) })).toThrow(
      'paint.extra: no GraphQL input type',
    );
    expect(() => graphqlInputTypes({ enums: { Wrong: Type.String() }, inputs: {} })).toThrow(
      'enum Wrong: not a union of string literals',
    );
  });
});

describe("the back office's request SDL", () => {
  it('is what the server has always served: the enums, the inputs and the applications arguments', () => {
    const operators = [...new Set(Object.values(FILTER_OPERATORS).flat())];
    const enumText = (name: string, values: readonly string[]) => [
      `enum ${name} {`,
      ...values.map((v) => `  ${v}`),
      '}',
    ];
    expect(graphqlInputTypes(GRAPHQL_REQUEST_TYPES)).toBe(
      [
        ...enumText('ApplicationList', [
          'MY_APPLICATIONS',
          'TEAM_APPLICATIONS',
          'ALL',
          'REJECTED',
          'CANCELLED',
          'MY_APPROVALS',
          'MY_QUERIES',
          'MY_INTERNAL',
          'NEW_INTERNAL',
        ]),
        ...enumText('FilterOperator', operators),
        ...enumText('SortDirection', ['asc', 'desc']),
        ...enumText('ReviewBucket', ['Today', 'Future', 'All']),
        'input FilterInput {',
        '  field: String!',
        '  operator: FilterOperator!',
        '  value: String!',
        '}',
        'input SortInput {',
        '  field: String!',
        '  direction: SortDirection!',
        '}',
        'input PageInput {',
        '  page: Int!',
        '  size: Int!',
        '}',
      ].join('\n'),
    );
    const served = [
      '  applications(',
      '    list: ApplicationList!',
      '    filters: [FilterInput!]',
      '    search: String',
      '    bucket: ReviewBucket',
      '    sort: SortInput',
      '    page: PageInput!',
      '  ): ApplicationsResult!',
    ].join('\n');
    expect(BACK_OFFICE_SDL.startsWith(graphqlInputTypes(GRAPHQL_REQUEST_TYPES))).toBe(true);
    expect(BACK_OFFICE_SDL).toContain(served);
  });

  it('follows the schemas: a field added to the arguments or to the filter is in the SDL', () => {
    const Args = Type.Object({ ...ListQueryArgsSchema.properties, mine: Type.Optional(Nullable(Type.Boolean())) });
    expect(graphqlArguments('applications', Args, GRAPHQL_REQUEST_TYPES, '')).toMatch(
      /\npage: PageInput!\nmine: Boolean$/,
    );
    const Filter = Type.Object({ ...ListFilterSchema.properties, negate: Type.Boolean() }, closed);
    const withFilter = { ...GRAPHQL_REQUEST_TYPES, inputs: { ...GRAPHQL_REQUEST_TYPES.inputs, FilterInput: Filter } };
    expect(graphqlInputTypes(withFilter)).toContain(
      'input FilterInput {\n  field: String!\n  operator: FilterOperator!\n  value: String!\n  negate: Boolean!\n}',
    );
  });
});
