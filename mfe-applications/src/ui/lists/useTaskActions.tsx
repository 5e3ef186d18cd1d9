// Runs a row action: opens the task, copies the application, or POSTs the application action (asking
// first where ActionDialog says), then refetches the lists. The server decides; a refusal is reported.
import type { ApplicationActionBody, ListTask, TaskAction, User } from '@originate/contract';
import { reportError, showToast } from '@originate/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listKeys } from '../../api/keys';
import { copyApplication, rebookCallback, runTaskAction } from '../../api/lists';
import { DETAIL_PATH } from '../../domain/pages';
import {
  ACTION_LABELS,
  ACTION_REQUESTS,
  NEEDS_ASSIGNEE,
  NEEDS_CALLBACK_TIME,
  NEEDS_CONFIRMATION,
  openPath,
} from '../../domain/rowActions';
import { ActionDialog } from './ActionDialog';

interface Run {
  action: TaskAction;
  row: ListTask;
  assignTo?: string;
  comment?: string;
  callbackAt?: string;
}

export function useTaskActions(user: User): {
  onAction: (action: TaskAction, row: ListTask) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [asking, setAsking] = useState<{ action: TaskAction; row: ListTask } | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ action, row, assignTo, comment, callbackAt }: Run) => {
      if (action === 'Rebook') {
        if (!callbackAt) throw new Error('Rebook needs a callback time');
        await rebookCallback({
          application_id: row.application_id,
          taskId: row.taskId,
          callbackAt,
          ...(comment ? { comment } : {}),
        });
        return;
      }
      const request = ACTION_REQUESTS[action];
      if (!request) throw new Error(`${action} is not an application action`);
      const body: ApplicationActionBody = {
        application_id: row.application_id,
        taskId: row.taskId,
        ...(assignTo ? { assignTo } : {}),
        ...(comment ? { comment } : {}),
      };
      await runTaskAction(request, body);
    },
    onSuccess: (_, { action, row }) => {
      setAsking(null);
      showToast(`${ACTION_LABELS[action]}: done for ${row.application_id}`, 'success');
    },
    onError: reportError,
    // Refetch either way: a refusal may mean the row changed under us.
    onSettled: () => client.invalidateQueries({ queryKey: listKeys.pages }),
  });
  const copy = useMutation({
    mutationFn: (row: ListTask) => copyApplication(row.application_id),
    onSuccess: (newId) => navigate(`${DETAIL_PATH}?application_id=${encodeURIComponent(newId)}`),
    onError: reportError,
  });

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
