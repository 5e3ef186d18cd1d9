// The layout shared by the not-found, invalid-URL and start-up error pages.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';

export function StatusPage({
  heading,
  lines,
  children,
}: {
  heading?: string;
  lines: readonly string[];
  children?: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper
        elevation={0}
        sx={{
          p: { xs: 3, sm: 5 },
          maxWidth: 560,
          width: '100%',
          border: 1,
          borderColor: 'divider',
          textAlign: 'center',
        }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <BrandMark />
          {heading && (
            <Typography variant="h4" component="h1" color="primary" sx={{ fontWeight: 600 }}>
              {heading}
            </Typography>
          )}
          {lines.map((line, i) => (
            <Typography
              key={line}
              variant={i === 0 && !heading ? 'h6' : 'body1'}
              component="p"
              color={i === 0 ? 'text.primary' : 'text.secondary'}
            >
              {line}
            </Typography>
          ))}
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
