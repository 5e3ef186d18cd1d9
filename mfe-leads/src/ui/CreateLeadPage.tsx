// Create Lead: a walk-in, a phone enquiry or a referral, for one of the bank's products; a housing
// product's lead also takes the PMAY form. Refusals name the field under it (the contract's checks, the
// same the server makes); the server's own refusals go through the catalogue's modal.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LEAD_SOURCE_LABELS, STAFF_LEAD_SOURCES } from '@originate/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createLead } from '../api/leads';
import { useLeadProducts, useLeadWrite } from '../api/useLeads';
import { asCreateLeadBody, createLeadIssues, type FormIssues, toCreateLeadBody } from '../domain/leadForm';
import { leadPath } from '../domain/pages';
import { type FormBinding, FormField, SelectField } from './fields';
import { PmayFields } from './PmayFields';

const SOURCES = STAFF_LEAD_SOURCES.map((s) => ({ value: s, label: LEAD_SOURCE_LABELS[s] }));

export function CreateLeadPage() {
  const products = useLeadProducts();
  const navigate = useNavigate();
  const create = useLeadWrite(createLead);
  const [values, setValues] = useState<Record<string, string>>({ source: 'WALK_IN' });
  const [submitted, setSubmitted] = useState(false);
  const product = products.data?.find((p) => p.product_code === values.product_code);
  const pmay = product?.pmay === true;
  const issues: FormIssues = submitted ? createLeadIssues(values, pmay, new Date()) : {};
  const form: FormBinding = { values, issues, set: (path, value) => setValues((v) => ({ ...v, [path]: value })) };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(createLeadIssues(values, pmay, new Date())).length > 0) return;
    create.mutate(asCreateLeadBody(toCreateLeadBody(values, pmay)), {
      onSuccess: (answer) => navigate(leadPath(answer.lead.lead_id)),
    });
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, maxWidth: 880 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Create Lead
      </Typography>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Create lead"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <SelectField
            form={form}
            path="product_code"
            label="Product"
            required
            options={(products.data ?? []).map((p) => ({ value: p.product_code, label: p.product_name }))}
          />
          <SelectField form={form} path="source" label="Source" required options={SOURCES} />
          <FormField form={form} path="prospect.firstName" label="First name" required autoComplete="off" />
          <FormField form={form} path="prospect.lastName" label="Last name" required autoComplete="off" />
          <FormField
            form={form}
            path="prospect.mobile"
            label="Mobile"
            required
            helperText="10 digits"
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
          <FormField
            form={form}
            path="followUpAt"
            label="Follow up on"
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <FormField
          form={form}
          path="note"
          label="Note"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {pmay && <PmayFields form={form} />}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/leads/my')}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create lead
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
