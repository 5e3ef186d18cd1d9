import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

export function PageLoading() {
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}>
      <LinearProgress aria-label="Loading page" />
    </Box>
  );
}
