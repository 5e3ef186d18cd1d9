import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PageRule } from '@originate/contract';
import { generateFlow } from '@originate/flow-engine/bench/generateFlow';
import { Model } from 'survey-core';
import { isoDate, ruleCondition, surveyExpression, toSurveyJs } from './convert';

test('formulas: keys in braces, table totals as {table-total.column}, functions in lower case', () => {
  assert.equal(surveyExpression('ROUND(income * 1.01 + 0, 2)'), 'round({income} * 1.01 + 0, 2)');
  assert.equal(
    surveyExpression('ROUND(calc3 + liabilities.total.amount / 12, 2)'),
    'round({calc3} + {liabilities-total.amount} / 12, 2)',
  );
  assert.equal(surveyExpression('MAX(a, 1e3)'), 'max({a}, 1e3)');
  assert.throws(() => surveyExpression('ABS(a)'), /ABS has no SurveyJS counterpart/);
});

test('rule conditions joined by and/or; strings quoted', () => {
  const rule = {
    rule_id: 'r',
    componentId: 'c',
    action: 'HIDE',
    target: { type: 'FIELD', key: 'x' },
    conditions: {
      operator: 'OR',
      list: [
        { field: 'income', operator: 'LESS_THAN', value: 50 },
        { field: 'f1', operator: 'EQUAL', value: "it's" },
      ],
    },
  } as PageRule;
  assert.equal(ruleCondition(rule), "{income} < 50 or {f1} = 'it\\'s'");
  assert.equal(ruleCondition({ ...rule, conditions: undefined }), null);
  assert.equal(isoDate('15/06/1990'), '1990-06-15');
});

test('the generated flow: one page, every top-level field a question, the same values and results', () => {
  const generated = generateFlow();
  const form = toSurveyJs(generated);
  const [page] = form.json.pages;
  const byName = new Map(page.elements.map((q) => [q.name, q]));
  // 500 fields: the table's 5 columns are its columns, its header a question of its own.
  assert.equal(page.elements.length, 495);
  assert.equal(form.json.clearInvisibleValues, 'onHidden');
  assert.equal(byName.get('income')?.inputType, 'number');
  assert.equal(byName.get('f0')?.maskType, 'currency');
  assert.equal(byName.get('f3')?.type, 'comment');
  assert.equal(byName.get('f4')?.inputType, 'date');
  assert.equal(byName.get('f6')?.type, 'radiogroup');
  assert.equal(byName.get('f7')?.type, 'boolean');
  assert.equal(byName.get('f8')?.type, 'slider');
  assert.equal(byName.get('calc0')?.type, 'expression');
  const table = byName.get('liabilities');
  assert.ok(table);
  assert.equal(table.type, 'matrixdynamic');
  assert.equal(table.rowCount, 50);
  assert.deepEqual(
    (table.columns as { name: string; totalType?: string }[]).map((c) => c.totalType),
    [undefined, 'sum', 'avg', 'max', 'count'],
  );
  // g12 is hidden by two rules: above 10^6 and above 10^5.
  assert.equal(byName.get('f12')?.visibleIf, '!({income} > 1000000) and !({income} > 100000)');
  assert.equal(form.data.income, 50000);
  assert.equal(form.data.f4, '1990-06-15');

  const model = new Model(form.json);
  model.data = form.data;
  // Computed 19 ends the chain through the table's total: 80828.12 in the engine too.
  assert.equal(model.getQuestionByName('calc19')?.value, 80828.12);
  assert.equal(model.getQuestionByName('f12')?.isVisible, true);
  model.setValue('income', 123456);
  assert.equal(model.getQuestionByName('calc0')?.value, 124690.56);
  assert.equal(model.getQuestionByName('f12')?.isVisible, false);
  assert.equal(model.getValue('f12'), undefined, 'a hidden field loses its value');
});
