// A row's actions (spec §6 task actions the contract's taskActionsFor allows), as a menu on the row.
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ListTask, TaskAction } from '@originate/contract';
import { useId, useState } from 'react';
import { ACTION_LABELS } from '../../domain/rowActions';

interface Props {
  row: ListTask;
  actions: readonly TaskAction[];
  onAction: (action: TaskAction, row: ListTask) => void;
}

export function RowActionsMenu({ row, actions, onAction }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${row.application_id}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={(e) => {
              e.stopPropagation();
              setAnchor(null);
              onAction(action, row);
            }}
          >
            {ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
