import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consequenceLatencies, keyOffsetMs, ruleViolations, shownNumber, typedValues } from './largeForm';

test('numbers as either engine shows them', () => {
  assert.equal(shownNumber('₹1,24,690.56'), 124690.56);
  assert.equal(shownNumber('₹0.00'), 0);
  assert.equal(shownNumber(''), null);
  assert.equal(shownNumber(null), null);
});

test('key offsets take every point of a 17 ms frame once per 17 keys', () => {
  const offsets = Array.from({ length: 17 }, (_, i) => keyOffsetMs(i));
  assert.deepEqual(
    [...offsets].sort((a, b) => a - b),
    Array.from({ length: 17 }, (_, i) => i),
  );
  assert.equal(keyOffsetMs(17), keyOffsetMs(0));
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
  const typing = { keydowns: [100, 200], handled: [101, 201], values: ['1', '12'] };
  const frames = [frame(90, ''), frame(110, ''), frame(130, '1'), frame(210, '1'), frame(250, '12')];
  assert.deepEqual(consequenceLatencies(typing, frames, expected), [30, 50]);
});

test('a key overtaken before its frame waits for the screen to show the newer value', () => {
  const typing = { keydowns: [100, 120], handled: [101, 121], values: ['1', '12'] };
  const frames = [frame(110, ''), frame(130, ''), frame(160, '12')];
  assert.deepEqual(consequenceLatencies(typing, frames, expected), [60, 40]);
});

test('a page behind on its keys shows older keys: equal to the latest by chance is not caught up', () => {
  // Typed 1, 12, then Backspace: back to '1'. The page takes the keys in late, one by one.
  const typing = { keydowns: [100, 200, 300], handled: [310, 390, 490], values: ['1', '12', '1'] };
  const frames = [frame(305, ''), frame(320, '1'), frame(400, '12'), frame(500, '1')];
  assert.deepEqual(consequenceLatencies(typing, frames, expected), [400, 300, 200]);
});

test('a screen that stays put is not caught up when the latest value happens to show the same', () => {
  // The screen shows '1' for key 0 and does not change; key 2 brings the value back to '1'.
  const typing = { keydowns: [100, 200, 300], handled: [101, 201, 301], values: ['1', '12', '1'] };
  const frames = [frame(110, '1'), frame(210, '1'), frame(310, '1'), frame(400, '12'), frame(420, '1')];
  assert.deepEqual(consequenceLatencies(typing, frames, expected), [10, 220, 120]);
});

test('a screen that shows the last value only after typing stops catches up then', () => {
  // Typed 1, then Backspace: back to '' as at the start; the screen shows '1' late, then ''.
  const typing = { keydowns: [100, 200], handled: [101, 201], values: ['1', ''] };
  const frames = [frame(90, ''), frame(150, ''), frame(250, ''), frame(300, '1'), frame(350, '')];
  assert.deepEqual(consequenceLatencies(typing, frames, expected), [250, 150]);
});

test('a key never caught up is null', () => {
  const typing = { keydowns: [100], handled: [101], values: ['1'] };
  assert.deepEqual(consequenceLatencies(typing, [frame(110, '')], expected), [null]);
});

test("frames whose rule target contradicts the driver's text beside it are the violations", () => {
  // Shown while the driver has fewer than 2 digits (expected above); grouped text read without commas.
  const frames = [
    { shown: true, driver: '' },
    { shown: true, driver: '1' },
    { shown: true, driver: '12' },
    { shown: false, driver: '1,234' },
    { shown: false, driver: '1' },
    { shown: false, driver: null },
  ];
  assert.deepEqual(ruleViolations(frames, expected), [
    { driver: '12', shown: true },
    { driver: '1', shown: false },
  ]);
});
