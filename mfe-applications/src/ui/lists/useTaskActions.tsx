// A row's action: opens the task, copies the application, or runs the application action (asking first
// where ActionDialog says) through api/useRowActions. The server decides; a refusal is reported.
import type { ListTask, TaskAction, User } from '@originate/contract';
import { showToast } from '@originate/web';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCopyApplication, useRowAction } from '../../api/useRowActions';
import { DETAIL_PATH } from '../../domain/pages';
import {
  ACTION_LABELS,
  NEEDS_ASSIGNEE,
  NEEDS_CALLBACK_TIME,
  NEEDS_CONFIRMATION,
  openPath,
} from '../../domain/rowActions';
import { ActionDialog } from './ActionDialog';

export function useTaskActions(user: User): {
  onAction: (action: TaskAction, row: ListTask) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<{ action: TaskAction; row: ListTask } | null>(null);
  const mutation = useRowAction(({ action, row }) => {
    setAsking(null);
    showToast(`${ACTION_LABELS[action]}: done for ${row.application_id}`, 'success');
  });
  const copy = useCopyApplication((newId) => navigate(`${DETAIL_PATH}?application_id=${encodeURIComponent(newId)}`));

  const onAction = (action: TaskAction, row: ListTask) => {
    if (action === 'OpenTask') navigate(openPath(row, user));
    else if (action === 'Copy') copy.mutate(row);
    else if ([...NEEDS_ASSIGNEE, ...NEEDS_CALLBACK_TIME, ...NEEDS_CONFIRMATION].includes(action)) {
      setAsking({ action, row });
    } else mutation.mutate({ action, row, ...(action === 'AssignToSelf' ? { assignTo: user.userid } : {}) });
  };

  const dialog = asking && (
    <ActionDialog
      action={asking.action}
      row={asking.row}
      busy={mutation.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={(input) => mutation.mutate({ ...asking, ...input })}
    />
  );
  return { onAction, dialog };
}
