import Type from 'typebox';
import { closed, Nullable } from '../primitives';
import { graphqlObjectTypes } from './graphqlSdl';

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
