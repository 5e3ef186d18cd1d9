// Edit a lead's details: the prospect, the amount asked for and, for a housing product, the PMAY form
// (filled in when the lead is created or later, once the prospect has the details).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Lead, LeadDetailAnswer } from '@originate/contract';
import { useState } from 'react';
import { updateLead } from '../api/leads';
import { useLeadProducts, useLeadWrite } from '../api/useLeads';
import { asUpdateLeadBody, formValuesOf, toUpdateLeadBody, updateLeadIssues } from '../domain/leadForm';
import { type FormBinding, FormField } from './fields';
import { PmayFields } from './PmayFields';

interface Props {
  lead: Lead;
  onClose: () => void;
  onDone: (answer: LeadDetailAnswer) => void;
}

export function EditLeadDialog({ lead, onClose, onDone }: Props) {
  const products = useLeadProducts();
  const pmay = products.data?.find((p) => p.product_code === lead.product_code)?.pmay === true;
  const [values, setValues] = useState<Record<string, string>>(() => formValuesOf(lead));
  const [submitted, setSubmitted] = useState(false);
  const update = useLeadWrite(updateLead);
  const issues = submitted ? updateLeadIssues(lead.lead_id, values, pmay) : {};
  const form: FormBinding = { values, issues, set: (path, value) => setValues((v) => ({ ...v, [path]: value })) };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(updateLeadIssues(lead.lead_id, values, pmay)).length > 0) return;
    update.mutate(asUpdateLeadBody(toUpdateLeadBody(lead.lead_id, values, pmay)), { onSuccess: onDone });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="edit-lead-title">
      <DialogTitle id="edit-lead-title">Edit details</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormField form={form} path="prospect.firstName" label="First name" required />
          <FormField form={form} path="prospect.lastName" label="Last name" required />
          <FormField
            form={form}
            path="prospect.mobile"
            label="Mobile"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <FormField form={form} path="prospect.email" label="E-mail" type="email" />
          <FormField form={form} path="prospect.city" label="City" />
          <FormField
            form={form}
            path="loanAmount"
            label="Loan amount asked for (₹)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
        {pmay && <PmayFields form={form} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={submit} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
