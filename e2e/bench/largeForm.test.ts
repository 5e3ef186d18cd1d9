import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consequenceLatencies, shownNumber, typedValues } from './largeForm';

test('numbers as either engine shows them', () => {
  assert.equal(shownNumber('₹1,24,690.56'), 124690.56);
  assert.equal(shownNumber('₹0.00'), 0);
  assert.equal(shownNumber(''), null);
  assert.equal(shownNumber(null), null);
});

test('the driver text after each key', () => {
  assert.deepEqual(typedValues(['1', '2', 'Backspace', 'Backspace', 'Backspace']), ['1', '12', '1', '', '']);
});

const expected = (value: string) => ({ formula: value === '' ? null : Number(value) * 2, shown: value.length < 2 });
const frame = (t: number, value: string) => ({
  t,
  text: value === '' ? '' : String(Number(value) * 2),
  shown: value.length < 2,
});

test('a key is caught up at the first frame showing the latest value', () => {
  const keydowns = [100, 200];
  const values = ['1', '12'];
  const frames = [frame(90, ''), frame(110, ''), frame(130, '1'), frame(210, '1'), frame(250, '12')];
  assert.deepEqual(consequenceLatencies(keydowns, values, frames, expected), [30, 50]);
});

test('a key overtaken before its frame waits for the screen to show the newer value', () => {
  const keydowns = [100, 120];
  const values = ['1', '12'];
  const frames = [frame(110, ''), frame(130, ''), frame(160, '12')];
  assert.deepEqual(consequenceLatencies(keydowns, values, frames, expected), [60, 40]);
});

test('a lagging screen showing an older key whose value repeats is not caught up', () => {
  // Typed 1, 12, then Backspace: back to '1'. The screen shows key 1's '1' late, then '12', then '1'.
  const keydowns = [100, 200, 300];
  const values = ['1', '12', '1'];
  const frames = [frame(310, ''), frame(320, '1'), frame(400, '12'), frame(500, '1')];
  assert.deepEqual(consequenceLatencies(keydowns, values, frames, expected), [400, 300, 200]);
});

test('a key never caught up is null', () => {
  assert.deepEqual(consequenceLatencies([100], ['1'], [frame(110, '')], expected), [null]);
});
