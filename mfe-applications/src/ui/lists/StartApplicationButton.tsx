// New Internal / My Internal: staff start an application for a walk-in customer. The dialog picks a
// product; the server starts the application with its customer-flow task the caller's, and the customer
// flow opens in staff mode inside the back office.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ApplicationList } from '@originate/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProductList, useStartApplication } from '../../api/useInternal';
import { showsStartApplication } from '../../domain/internal';
import { resumePath } from '../../domain/rowActions';

export function StartApplicationButton({ list, roles }: { list: ApplicationList; roles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  if (!showsStartApplication(list, roles)) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Start application
      </Button>
      {open && <StartDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function StartDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const products = useProductList(true);
  const [productCode, setProductCode] = useState('');
  const start = useStartApplication((applicationId) => navigate(resumePath(applicationId)));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="start-application-title">
      <DialogTitle id="start-application-title">Start application</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The application is yours to fill with the customer; you can send them a link to finish it.
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Product"
          value={productCode}
          onChange={(e) => setProductCode(e.target.value)}
          disabled={!products.data}
          helperText={products.isError ? 'The products could not be loaded.' : undefined}
          error={products.isError}
        >
          {(products.data ?? []).map((p) => (
            <MenuItem key={p.product_code} value={p.product_code}>
              {p.product_name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={productCode === '' || start.isPending}
          onClick={() => start.mutate(productCode)}
        >
          Start
        </Button>
      </DialogActions>
    </Dialog>
  );
}
