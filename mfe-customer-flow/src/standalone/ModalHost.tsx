// The common modal (spec §2) on the standalone origin, where no shell renders modalAtom: the same rules
// (static backdrop and no Escape unless allowed, optional title and close button, error and keyvalue
// entries) for what shared's reportError and the portal open.
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { closeModal, modalAtom } from '@originate/shared';
import { useAtomValue } from 'jotai';

export function ModalHost() {
  const modal = useAtomValue(modalAtom);
  if (!modal) return null;
  const titleId = `portal-modal-title-${modal.id}`;
  return (
    <Dialog
      open
      fullWidth
      maxWidth={modal.size}
      aria-labelledby={modal.title ? titleId : undefined}
      onClose={(_e, reason) => {
        if (modal.allowBackdropClose || (reason !== 'backdropClick' && reason !== 'escapeKeyDown')) closeModal();
      }}
    >
      {(modal.title || modal.showClose) && (
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {modal.title}
          {modal.showClose && (
            <IconButton aria-label="Close" onClick={closeModal} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          )}
        </DialogTitle>
      )}
      <DialogContent>
        {modal.message && <Typography sx={{ mb: modal.entries?.length ? 2 : 0 }}>{modal.message}</Typography>}
        {modal.entries && modal.entries.length > 0 && (
          <Stack spacing={1} role="list">
            {modal.entries.map((entry) => (
              <Typography role="listitem" key={entry.type === 'error' ? entry.description : entry.key}>
                {entry.type === 'error' ? entry.description : `${entry.key}: ${entry.value}`}
              </Typography>
            ))}
          </Stack>
        )}
      </DialogContent>
      {modal.actions && modal.actions.length > 0 && (
        <DialogActions>
          {modal.actions.map((action) => (
            <Button
              key={action.label}
              variant={action.variant ?? 'text'}
              onClick={() => {
                action.onClick?.();
                closeModal();
              }}
            >
              {action.label}
            </Button>
          ))}
        </DialogActions>
      )}
    </Dialog>
  );
}
