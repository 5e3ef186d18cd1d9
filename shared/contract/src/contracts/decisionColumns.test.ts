import { DECISION_INPUT_FIELDS } from './decisionColumns';
import { DecisionInputsSchema } from './decisionSchemas';

interface Node {
  type?: string;
  properties?: Record<string, Node>;
  anyOf?: Node[];
}

/** Every leaf of the inputs' schema: its path, kind and whether it may be null. */
function leaves(node: Node, at: string): { field: string; kind: string; nullable: boolean }[] {
  if (node.properties) {
    return Object.entries(node.properties).flatMap(([key, child]) => leaves(child, at ? `${at}.${key}` : key));
  }
  const types = node.anyOf ? node.anyOf.map((n) => n.type) : [node.type];
  const type = types.find((t) => t !== 'null');
  const kind = type === 'string' ? 'text' : type === 'boolean' ? 'yes/no' : 'number';
  return [{ field: at, kind, nullable: types.includes('null') }];
}

it('lists every input the decision stores, with its kind, but the vendor call ids', () => {
  const expected = leaves(DecisionInputsSchema as Node, '').filter((leaf) => !leaf.field.endsWith('.callId'));
  expect(DECISION_INPUT_FIELDS.map(({ field, kind, nullable }) => ({ field, kind, nullable }))).toEqual(expected);
});

it('names each input once, with a label of its own', () => {
  expect(new Set(DECISION_INPUT_FIELDS.map((f) => f.field)).size).toBe(DECISION_INPUT_FIELDS.length);
  expect(new Set(DECISION_INPUT_FIELDS.map((f) => f.label)).size).toBe(DECISION_INPUT_FIELDS.length);
});
