// A dashboard widget is fetched and drawn once it comes near the screen, and stays: the back office lands
// on the Dashboard, and drawing seven charts (and asking for their figures) before the user scrolls to
// them made every login slower on a busy machine. Until then a card of the same size and title stands in.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the screen a widget starts loading, so it is usually drawn by the time it is seen. */
const AHEAD = '300px';

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
  if (near) return children;
  return (
    <Card ref={box} variant="outlined" aria-busy data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {/* Still: it waits to be scrolled to, it is not loading (an endless pulse off screen is only noise). */}
        <Skeleton variant="rounded" height={240} animation={false} aria-label={`${title}: shown when scrolled to`} />
      </CardContent>
    </Card>
  );
}
