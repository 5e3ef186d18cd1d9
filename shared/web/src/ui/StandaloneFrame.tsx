// A remote's standalone page frame (its team's harness): the product bar with the remote's name, the
// remote's own controls and sign-out once signed in, and the sign-in form until then.
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { endSession, userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { StandaloneSignIn } from './StandaloneSignIn';

export function StandaloneFrame({
  name,
  controls,
  children,
}: {
  /** The remote's name beside the product's ('Applications'). */
  name: string;
  /** What the bar holds before sign-out once signed in (page links, the bell). */
  controls?: ReactNode;
  /** The remote's routes, shown once signed in. */
  children: ReactNode;
}) {
  const user = useAtomValue(userAtom);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="div" sx={{ fontWeight: 600, flex: 1 }}>
            Originate
            <Typography component="span" sx={{ ml: 1.5, opacity: 0.75, fontSize: 14 }}>
              {name}
            </Typography>
          </Typography>
          {user && (
            <>
              {controls}
              <Tooltip title="Sign out">
                <IconButton color="inherit" aria-label="Sign out" onClick={() => void endSession()}>
                  <LogoutOutlined />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Toolbar>
      </AppBar>
      {user ? children : <StandaloneSignIn title={`${name}, standalone`} />}
    </Box>
  );
}
