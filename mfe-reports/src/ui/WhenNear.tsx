// A dashboard widget's code and figures are fetched and drawn once it comes near the screen, and stay: the
// back office lands on the Dashboard, and loading seven widgets (their code, their charts' library, their
// figures) before the user scrolls to them made every login slower. Until then a frame of the same size and
// title stands in, still while it waits to be scrolled to, pulsing while its code comes.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { WidgetSkeleton } from './WidgetSkeleton';

/** How far below the screen a widget starts loading, so it is usually drawn by the time it is seen. */
const AHEAD = '300px';

/** A widget's frame before it is drawn: its card and title, a skeleton where its figures will be. */
function WidgetFrame({
  testId,
  title,
  loading,
  ref,
}: {
  testId: string;
  title: string;
  /** Its code is on the way (a pulse); otherwise it waits to be scrolled to (still: an endless pulse off screen is only noise). */
  loading: boolean;
  ref?: React.Ref<HTMLDivElement>;
}) {
  return (
    <Card ref={ref} variant="outlined" aria-busy data-testid={testId} sx={{ height: '100%' }}>
      {/* CardHeader's padding and title without CardHeader: the frame is on the Dashboard's first screen, and
          CardHeader brought a chunk of its own (3.2 KiB br) that only the drawn widget needs. */}
      <Typography component="h2" variant="h6" sx={{ p: 2 }}>
        {title}
      </Typography>
      <CardContent>
        <WidgetSkeleton label={loading ? `Loading ${title}` : `${title}: shown when scrolled to`} animate={loading} />
      </CardContent>
    </Card>
  );
}

export function WhenNear({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  // Without IntersectionObserver (old browsers, jsdom) everything is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <Suspense fallback={<WidgetFrame testId={testId} title={title} loading />}>{children}</Suspense>;
  return <WidgetFrame ref={box} testId={testId} title={title} loading={false} />;
}
