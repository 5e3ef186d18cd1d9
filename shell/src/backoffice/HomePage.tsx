import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Session } from '@originate/web';
import { useNavigate } from 'react-router-dom';
import type { MenuItem, MenuLink } from '../remotes/menu';

function pageLinks(items: readonly MenuItem[]): MenuLink[] {
  return items.flatMap((i) => (i.kind === 'group' ? pageLinks(i.children) : i.path ? [i] : []));
}

export function HomePage({ session, menu }: { session: Session; menu: readonly MenuItem[] }) {
  const navigate = useNavigate();
  const { user } = session;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          Welcome, {user.displayName}
        </Typography>
        <Typography color="text.secondary">Pick up where you left off from the menu or a shortcut below.</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {pageLinks(menu).map((link) => (
          <Card key={link.id} variant="outlined">
            <CardActionArea onClick={() => navigate(`/${link.path}`)} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 500 }}>{link.label}</Typography>
                <ArrowForwardIcon fontSize="small" color="primary" />
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
