// The PMAY form (spec §3 'PMAY form payload': loan purpose, gender, addresses, property and family
// details) on a housing product's lead; the income category it falls in is shown as it is typed.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PMAY_LOAN_PURPOSE_LABELS, pmayCategory } from '@originate/contract';
import { type FormBinding, FormField, optionsOf, SelectField, YES_NO } from './fields';

const GENDERS = { FEMALE: 'Female', MALE: 'Male', TRANSGENDER: 'Transgender' };
const PROPERTY_TYPES = {
  FLAT: 'Flat',
  INDEPENDENT_HOUSE: 'Independent house',
  PLOT_WITH_CONSTRUCTION: 'Plot with construction',
};

function Address({ form, prefix, title }: { form: FormBinding; prefix: string; title: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1' }}>
        {title}
      </Typography>
      <FormField form={form} path={`${prefix}.line1`} label="Address line 1" required />
      <FormField form={form} path={`${prefix}.line2`} label="Address line 2" />
      <FormField form={form} path={`${prefix}.city`} label="City" required />
      <FormField form={form} path={`${prefix}.state`} label="State" required />
      <FormField
        form={form}
        path={`${prefix}.pincode`}
        label="PIN code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
    </Box>
  );
}

export function PmayFields({ form }: { form: FormBinding }) {
  const income = Number(form.values['pmay.family.annualIncome']);
  const category = form.values['pmay.family.annualIncome'] && Number.isFinite(income) ? pmayCategory(income) : null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        PMAY (Pradhan Mantri Awas Yojana)
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectField
          form={form}
          path="pmay.loanPurpose"
          label="Loan purpose"
          options={optionsOf(PMAY_LOAN_PURPOSE_LABELS)}
          required
        />
        <SelectField
          form={form}
          path="pmay.gender"
          label="Gender of the applicant"
          options={optionsOf(GENDERS)}
          required
        />
      </Box>
      <Address form={form} prefix="pmay.currentAddress" title="Current address" />
      <Address form={form} prefix="pmay.propertyAddress" title="Address of the property" />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1' }}>
          Property
        </Typography>
        <SelectField
          form={form}
          path="pmay.property.type"
          label="Property type"
          options={optionsOf(PROPERTY_TYPES)}
          required
        />
        <FormField
          form={form}
          path="pmay.property.carpetAreaSqm"
          label="Carpet area (m²)"
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormField
          form={form}
          path="pmay.property.estimatedCost"
          label="Estimated cost (₹)"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <SelectField
          form={form}
          path="pmay.property.womanOwnership"
          label="A woman of the family owns or co-owns it"
          options={YES_NO}
          required
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1' }}>
          Family
        </Typography>
        <FormField
          form={form}
          path="pmay.family.annualIncome"
          label="Annual household income (₹)"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormField
          form={form}
          path="pmay.family.members"
          label="Family members"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <SelectField
          form={form}
          path="pmay.family.ownsPuccaHouse"
          label="The family owns a pucca house"
          options={YES_NO}
          required
        />
        <SelectField
          form={form}
          path="pmay.family.earlierHousingBenefit"
          label="The family had central housing assistance"
          options={YES_NO}
          required
        />
      </Box>
      {category && (
        <Alert severity="info" variant="outlined">
          Income category {category}
        </Alert>
      )}
    </Box>
  );
}
