import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModalEntry } from '@originate/contract';
import { closeModal, type OpenModal } from '../feedback';
import { type CloseReason, mayClose, modalMaxWidth } from './modalRules';

function Entry({ entry }: { entry: ModalEntry }) {
  if (entry.type === 'error') {
    return (
      <Stack direction="row" spacing={1} role="listitem" sx={{ alignItems: 'flex-start' }}>
        <ErrorOutlineIcon color="error" fontSize="small" sx={{ mt: '2px' }} />
        <Typography>{entry.description}</Typography>
      </Stack>
    );
  }
  return (
    <Box role="listitem" sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, 1fr) 2fr', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{entry.key}</Typography>
      <Typography>{entry.value}</Typography>
    </Box>
  );
}

export default function CommonModal({ modal }: { modal: OpenModal }) {
  const requestClose = (reason: CloseReason) => {
    if (mayClose(modal, reason)) closeModal();
  };
  const titleId = `common-modal-title-${modal.id}`;
  return (
    <Dialog
      open
      fullWidth
      maxWidth={modalMaxWidth(modal)}
      onClose={(_event, reason) => requestClose(reason)}
      aria-labelledby={modal.title ? titleId : undefined}
    >
      {(modal.title || modal.showClose) && (
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {modal.title}
          {modal.showClose && (
            <IconButton
              aria-label="Close"
              onClick={() => requestClose('closeButton')}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
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
              <Entry key={entry.type === 'error' ? `e:${entry.description}` : `k:${entry.key}`} entry={entry} />
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
                requestClose('action');
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
