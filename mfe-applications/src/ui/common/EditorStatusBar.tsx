// The bar atop a settings editor (lifecycles, templates): what is edited, then either why it is read only or
// its status (problems to fix, else what is not saved) with the editor's actions. It sticks below the shell's
// fixed header while the editor scrolls.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function EditorStatusBar({
  title,
  readOnlyNote,
  problems,
  changes,
  statusTestId,
  actions,
}: {
  title: ReactNode;
  /** Set for a reader: said instead of the status, and no actions. */
  readOnlyNote: string | null;
  /** How many problems stop the save. */
  problems: number;
  /** The status without problems, e.g. 'No changes', 'Changes not saved'. */
  changes: string;
  statusTestId: string;
  /** Discard, save: shown only to an editor. */
  actions: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      // The shell's header is a toolbar: 56 px high, 64 px from sm up.
      sx={{ p: 2, position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {readOnlyNote !== null ? (
          <Typography variant="body2" color="text.secondary">
            {readOnlyNote}
          </Typography>
        ) : (
          <Typography
            variant="body2"
            color={problems > 0 ? 'error' : 'text.secondary'}
            role="status"
            data-testid={statusTestId}
          >
            {problems > 0 ? `${problems} ${problems === 1 ? 'problem' : 'problems'} to fix before saving` : changes}
          </Typography>
        )}
      </Box>
      {readOnlyNote === null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Paper>
  );
}
