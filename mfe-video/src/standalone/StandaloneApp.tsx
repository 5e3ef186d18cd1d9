import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { StandaloneFrame } from '@originate/web/standalone';
import { useState } from 'react';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import VideoCall from '../exposed/VideoCall';
import VideoPage from '../exposed/VideoPage';

/** The team's harness: the Video menu page under the shell's path, and the call of one application. */
export function StandaloneApp() {
  const pages = (
    <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <Link component={RouterLink} to="/video" color="inherit" variant="body2">
        Video
      </Link>
      <Link component={RouterLink} to="/call" color="inherit" variant="body2">
        Application call
      </Link>
    </Box>
  );
  return (
    <StandaloneFrame name="Video" controls={pages}>
      <Box sx={{ p: 2 }}>
        <Routes>
          <Route path="/video/*" element={<VideoPage basename="/video" />} />
          <Route path="/call" element={<ApplicationCallHarness />} />
          <Route path="*" element={<Navigate to="/video" replace />} />
        </Routes>
      </Box>
    </StandaloneFrame>
  );
}

function ApplicationCallHarness() {
  const [applicationId, setApplicationId] = useState('');
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <TextField
        label="Application id"
        size="small"
        value={applicationId}
        onChange={(e) => setApplicationId(e.target.value.trim())}
      />
      {applicationId && <VideoCall key={applicationId} applicationId={applicationId} joinAs="staff" />}
    </Box>
  );
}
