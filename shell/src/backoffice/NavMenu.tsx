import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { MouseEvent } from 'react';
import type { MenuItem, MenuLink } from '../remotes/menu';

interface NavMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  onNavigate: (path: string) => void;
  onLogoff: () => void;
}

/** A click the browser should handle itself (new tab or window, download): not a plain left click. */
export function opensElsewhere(
  event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === `/${path}` || pathname.startsWith(`/${path}/`);
}

export function NavMenu({ items, pathname, onNavigate, onLogoff }: NavMenuProps) {
  const link = (item: MenuLink, nested = false) => {
    const path = item.path;
    const selected = path !== undefined && isActive(pathname, path);
    // Each entry is a list item holding its link (a real <a href>: open in a new tab, copy the address);
    // a plain click navigates in the app. Logoff is an action, so a button. A list holds list items only (axe 'list').
    const sx = { pl: nested ? 4 : 2.5, borderRadius: 1, mx: 1 };
    const text = <ListItemText primary={item.label} />;
    return (
      <ListItem key={item.id} disablePadding>
        {path === undefined ? (
          <ListItemButton onClick={onLogoff} sx={sx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {text}
          </ListItemButton>
        ) : (
          <ListItemButton
            component="a"
            href={`/${path}`}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (opensElsewhere(event)) return;
              event.preventDefault();
              onNavigate(path);
            }}
            sx={sx}
          >
            {text}
          </ListItemButton>
        )}
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
