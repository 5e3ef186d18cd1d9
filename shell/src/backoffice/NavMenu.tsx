import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { MenuItem, MenuLink } from '../remotes/menu';

interface NavMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  onNavigate: (path: string) => void;
  onLogoff: () => void;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === `/${path}` || pathname.startsWith(`/${path}/`);
}

export function NavMenu({ items, pathname, onNavigate, onLogoff }: NavMenuProps) {
  const link = (item: MenuLink, nested = false) => {
    const path = item.path;
    // Each entry is a list item holding its button: a list holds list items only (axe 'list').
    return (
      <ListItem key={item.id} disablePadding>
        <ListItemButton
          selected={path !== undefined && isActive(pathname, path)}
          onClick={() => (path === undefined ? onLogoff() : onNavigate(path))}
          sx={{ pl: nested ? 4 : 2.5, borderRadius: 1, mx: 1 }}
        >
          {path === undefined && (
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText primary={item.label} />
        </ListItemButton>
      </ListItem>
    );
  };
  return (
    <Box component="nav" aria-label="Back-office menu">
      <List sx={{ py: 1 }}>
        {items.map((item) =>
          item.kind === 'group' ? (
            <ListItem key={item.id} disablePadding sx={{ display: 'block' }}>
              <List disablePadding>
                <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>{item.label}</ListSubheader>
                {item.children.map((child) => link(child, true))}
              </List>
            </ListItem>
          ) : (
            link(item)
          ),
        )}
      </List>
    </Box>
  );
}
