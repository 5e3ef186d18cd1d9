import {
  categoryAxisLayout,
  DEFAULT_MARGIN,
  LEVEL_AXIS_HEIGHT,
  SLANTED_ANGLE,
  TICK_LABEL_MAX_CHARS,
  tickLabel,
} from './axis';

describe('category axis tick labels', () => {
  it('keeps short labels whole and cuts long ones with an ellipsis', () => {
    expect(tickLabel('Priya Sharma')).toBe('Priya Sharma');
    expect(tickLabel('03/11/2026 – 09/11/2026')).toBe('03/11/2026 – 09/11/2026');
    const long = 'Credit appraisal and sanction review';
    expect(tickLabel(long)).toBe('Credit appraisal and sa…');
    expect([...tickLabel(long)]).toHaveLength(TICK_LABEL_MAX_CHARS);
  });

  it('stays level while the labels fit side by side', () => {
    const level = { angle: 0, textAnchor: 'middle', height: LEVEL_AXIS_HEIGHT, marginLeft: DEFAULT_MARGIN };
    expect(categoryAxisLayout(['Leads', 'Converted', 'Sanctioned'])).toEqual(level);
    expect(categoryAxisLayout(['Priya Sharma', 'Rahul Verma'])).toEqual(level);
    expect(categoryAxisLayout([])).toEqual(level);
  });

  it('slants user and stage names that would overlap, with the room below they need', () => {
    const users = categoryAxisLayout(['Priya Sharma', 'Rahul Verma', 'Portal (no staff user)', 'Anita Desai']);
    expect(users.angle).toBe(SLANTED_ANGLE);
    expect(users.textAnchor).toBe('end');
    // 22 characters at 7px, slanted 35°: about 88px of label, 12 of tick, 22 of axis label.
    expect(users.height).toBe(134);
    // ...and reaching about 126px left of its tick: the first one needs room beside the y axis.
    expect(users.marginLeft).toBe(82);
    // A longer name is cut first, so the room stops growing.
    const longer = categoryAxisLayout(['Priya Sharma', 'A name far longer than any axis should show']);
    expect(longer.height).toBe(categoryAxisLayout(['Priya Sharma', 'x'.repeat(TICK_LABEL_MAX_CHARS)]).height);
  });
});
