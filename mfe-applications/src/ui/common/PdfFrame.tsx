// A PDF made or fetched in the page, shown by the browser's own viewer in a frame of its blob: URL (the remote's
// CSP allows blob: frames; object-src stays 'none'). The URL is revoked when the bytes change or the frame goes.
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** An object URL of `blob` for as long as the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export function PdfFrame({ pdf, title, height = 560 }: { pdf: Blob; title: string; height?: number }) {
  const url = useObjectUrl(pdf);
  if (!url) return null;
  return (
    <Box
      component="iframe"
      title={title}
      src={url}
      sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
