// How a chart's category axis lays out its tick labels (user names, stages, queues, weeks): level when they
// all fit side by side, else slanted with the room below that they need; a label longer than
// TICK_LABEL_MAX_CHARS is shortened on the axis only (the tooltip, the table view and the figure's label keep
// it whole). Pure: the chart's width is not known here, so "fits" is judged against a narrow card's plot.

/** Characters of a tick label shown on the axis; longer ones end in '…'. Fits 'dd/mm/yyyy – dd/mm/yyyy'. */
export const TICK_LABEL_MAX_CHARS = 24;
/** The slant of labels that do not fit level (degrees; negative: they read up to their tick). */
export const SLANTED_ANGLE = -35;
/** The plot width labels must fit in to stay level: a dashboard card in the narrowest grid column. */
const NARROW_PLOT_WIDTH = 300;
/** Tick labels are drawn at 12px: an average character's width and a line's height, in pixels. */
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 14;
/** Tick length and the gap to the label, and the axis label's line below the ticks. */
const TICK_ROOM = 12;
const AXIS_LABEL_ROOM = 22;
/** x-charts' own axis height with an axis label, and its margin beside the y axis (45px wide), by default. */
export const LEVEL_AXIS_HEIGHT = 45;
export const DEFAULT_MARGIN = 20;
const Y_AXIS_WIDTH = 45;

export interface CategoryAxisLayout {
  /** 0 (level) or SLANTED_ANGLE. */
  angle: number;
  textAnchor: 'middle' | 'end';
  /** The x axis's height in pixels, its label included. */
  height: number;
  /** The chart's left margin: a slanted first label reaches left past its tick, over the y axis. */
  marginLeft: number;
}

/** A label as the axis shows it: whole up to TICK_LABEL_MAX_CHARS characters, else cut with '…'. */
export function tickLabel(label: string): string {
  const chars = [...label];
  return chars.length <= TICK_LABEL_MAX_CHARS ? label : `${chars.slice(0, TICK_LABEL_MAX_CHARS - 1).join('')}…`;
}

export function categoryAxisLayout(categories: readonly string[]): CategoryAxisLayout {
  const longest = Math.max(0, ...categories.map((c) => [...tickLabel(c)].length));
  const levelWidth = categories.length * (longest + 2) * CHAR_WIDTH;
  if (levelWidth <= NARROW_PLOT_WIDTH) {
    return { angle: 0, textAnchor: 'middle', height: LEVEL_AXIS_HEIGHT, marginLeft: DEFAULT_MARGIN };
  }
  const radians = (Math.abs(SLANTED_ANGLE) * Math.PI) / 180;
  const drop = longest * CHAR_WIDTH * Math.sin(radians) + LINE_HEIGHT * Math.cos(radians);
  const reach = longest * CHAR_WIDTH * Math.cos(radians);
  return {
    angle: SLANTED_ANGLE,
    textAnchor: 'end',
    height: Math.max(LEVEL_AXIS_HEIGHT, Math.ceil(drop + TICK_ROOM + AXIS_LABEL_ROOM)),
    marginLeft: Math.max(DEFAULT_MARGIN, Math.ceil(reach) - Y_AXIS_WIDTH),
  };
}
