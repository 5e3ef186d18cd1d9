// A video element showing one MediaStream (srcObject cannot be set as an attribute).
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

export function MediaVideo({ stream, muted, label }: { stream: MediaStream | null; muted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      sx={{ width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'grey.900', display: 'block' }}
    />
  );
}
