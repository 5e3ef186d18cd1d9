// A widget's shape while its figures or chart load: a row of figure placeholders over a bar chart's
// outline, so the reader sees what is coming rather than a grey block. The shapes are hidden from screen
// readers (a span may not carry a label: axe aria-prohibited-attr); one status line says what loads.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Bar heights of the outline, in % of its height: a fixed, chart-like rhythm. */
const BARS = [45, 70, 55, 85, 60, 75, 40, 65];

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function WidgetSkeleton({
  label,
  height = 240,
  figures = true,
  animate = true,
}: {
  /** What loads, in words ('Loading Applications by stage'). */
  label: string;
  height?: number;
  /** Whether figure placeholders lead (a chart alone has none). */
  figures?: boolean;
  /** Still while it only waits to be scrolled to: an endless pulse off screen is noise. */
  animate?: boolean;
}) {
  const animation = animate ? 'wave' : false;
  const chartHeight = figures ? height - 64 : height;
  return (
    <Box role="status" data-testid="widget-skeleton" sx={{ height, display: 'flex', flexDirection: 'column' }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      {figures && (
        <Box aria-hidden sx={{ display: 'flex', gap: 3, mb: 2 }}>
          {[0, 1, 2].map((i) => (
            <Box key={i}>
              <Skeleton animation={animation} width={72} height={16} />
              <Skeleton animation={animation} width={96} height={32} />
            </Box>
          ))}
        </Box>
      )}
      <Box
        aria-hidden
        sx={{
          height: chartHeight,
          display: 'flex',
          alignItems: 'flex-end',
          gap: 1.5,
          px: 1,
          borderLeft: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {BARS.map((bar, i) => (
          <Skeleton
            // The bars are a fixed decoration: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
            key={i}
            variant="rectangular"
            animation={animation}
            sx={{ flex: 1, height: `${bar}%`, borderRadius: '4px 4px 0 0' }}
          />
        ))}
      </Box>
    </Box>
  );
}
