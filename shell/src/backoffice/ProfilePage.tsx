import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Session } from '@originate/web';
import type { ReactNode } from 'react';
import { useUser } from '../api/useUsers';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: 1,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography color="text.secondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

export function ProfilePage({ session }: { session: Session }) {
  const { data: user, error, isPending } = useUser(session.user.userid);
  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Profile
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Paper variant="outlined" sx={{ px: 3, py: 1 }}>
        {isPending || !user ? (
          <Skeleton height={200} />
        ) : (
          <>
            <Row label="Name">{user.displayName}</Row>
            <Row label="Username">{user.userName}</Row>
            <Row label="First name">{user.firstName}</Row>
            <Row label="Last name">{user.lastName}</Row>
            <Row label="Roles">
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {user.roles.map((r) => (
                  <Chip key={r} label={r} size="small" />
                ))}
              </Stack>
            </Row>
            <Row label="Teams">{user.teams.map((t) => t.name ?? t.id).join(', ') || '—'}</Row>
          </>
        )}
      </Paper>
    </Stack>
  );
}
