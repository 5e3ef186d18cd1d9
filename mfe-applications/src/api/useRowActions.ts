// The list rows' mutations: an application action or a rebook, and a copy. Either way the lists are
// refetched once the action has settled (a refusal may mean the row changed under us).
import type { ApplicationActionBody, ListTask, TaskAction } from '@originate/contract';
import { reportError } from '@originate/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTION_REQUESTS } from '../domain/rowActions';
import { listKeys } from './keys';
import { copyApplication, rebookCallback, runTaskAction } from './lists';

export interface RowActionRun {
  action: TaskAction;
  row: ListTask;
  assignTo?: string;
  comment?: string;
  callbackAt?: string;
}

async function runRowAction({ action, row, assignTo, comment, callbackAt }: RowActionRun): Promise<void> {
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
}

/** Runs a row's action; a refusal is reported. */
export function useRowAction(onDone: (run: RowActionRun) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runRowAction,
    onSuccess: (_, run) => onDone(run),
    onError: reportError,
    onSettled: () => client.invalidateQueries({ queryKey: listKeys.pages }),
  });
}

/** Copies a row's application; answers the new application's id. */
export function useCopyApplication(onCopied: (newId: string) => void) {
  return useMutation({
    mutationFn: (row: ListTask) => copyApplication(row.application_id),
    onSuccess: onCopied,
    onError: reportError,
  });
}
