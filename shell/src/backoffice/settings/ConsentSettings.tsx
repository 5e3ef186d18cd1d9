// Settings › Consent texts (operations admin): each product's declaration and consents as applicants read them,
// with their versions; a new wording is saved as the consent's next version (PUT /setup/configs/Consent/:product:
// the server refuses a changed wording under the same version, and audits the save). Applications keep the
// version they accepted; the portal shows the new one from then on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, type ConsentSet, type ConsentText } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { useConsentSet, useSaveConsentSet, useSettingsProducts } from '../../api/useSettings';
import { withNewWording } from './settingsRules';

function NewWording({ set, consent, onClose }: { set: ConsentSet; consent: ConsentText; onClose: () => void }) {
  const [title, setTitle] = useState(consent.title);
  const [text, setText] = useState(consent.text);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveConsentSet(() => {
    showToast(`${consent.title}: version ${consent.version + 1} saved`, 'success');
    onClose();
  });
  const submit = () => {
    const read = withNewWording(set, consent.consentId, { title, text });
    if ('problems' in read) setProblems(read.problems);
    else
      save.mutate(read.set, {
        onError: (error) =>
          setProblems(error instanceof ApiError && error.items.length > 0 ? error.items : [error.message]),
      });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="new-wording-title">
      <DialogTitle id="new-wording-title">{`New wording of "${consent.title}"`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`Saved as version ${consent.version + 1}. Applicants who accepted version ${consent.version} keep it on their application; everyone else reads the new wording.`}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} fullWidth />
          <TextField
            label="Text (a blank line starts a new paragraph)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={8}
            maxRows={20}
            fullWidth
          />
        </Stack>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={save.isPending} onClick={submit}>
          {`Save as version ${consent.version + 1}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ProductConsents({ productCode }: { productCode: string }) {
  const set = useConsentSet(productCode);
  const [editing, setEditing] = useState<ConsentText | null>(null);
  if (set.isPending) return <Skeleton variant="rounded" height={240} />;
  if (set.error) return <Alert severity="error">The consent texts could not be loaded: {set.error.message}</Alert>;
  if (!set.data) return <Typography color="text.secondary">This product has no consent texts.</Typography>;
  const stored = set.data;
  return (
    <Stack spacing={2}>
      {stored.consents.map((c) => (
        <Paper
          key={c.consentId}
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-labelledby={`consent-${c.consentId}`}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h3" id={`consent-${c.consentId}`} sx={{ flex: '1 1 320px' }}>
              {c.title}
            </Typography>
            {/* The version, whether it is needed and the action stay together, on the right or on their own line. */}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Chip size="small" label={`Version ${c.version}`} />
              <Chip
                size="small"
                variant="outlined"
                label={c.mandatory ? 'Must be accepted to submit' : 'Optional for the applicant'}
              />
              <Button size="small" variant="outlined" onClick={() => setEditing(c)}>
                New wording
              </Button>
            </Stack>
          </Stack>
          <Box
            // The wording in full, scrolled within its box: the page stays short enough to see every consent.
            tabIndex={0}
            role="region"
            aria-label={`Text of ${c.title}, version ${c.version}`}
            sx={{ mt: 1, maxHeight: 180, overflowY: 'auto', whiteSpace: 'pre-wrap', typography: 'body2' }}
          >
            {c.text}
          </Box>
        </Paper>
      ))}
      {editing && <NewWording set={stored} consent={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export default function ConsentSettings() {
  const products = useSettingsProducts();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = products.data ?? [];
  const productCode = chosen ?? list[0]?.product_code ?? null;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        The declaration and consents applicants accept in the portal's last step, each recorded with its version.
      </Typography>
      {products.error && <Alert severity="error">The products could not be loaded: {products.error.message}</Alert>}
      {products.isPending && <Skeleton variant="rounded" height={56} width={320} />}
      {list.length > 0 && productCode && (
        <>
          <FormControl size="small" sx={{ width: 320 }}>
            <InputLabel id="consent-product-label">Product</InputLabel>
            <Select
              labelId="consent-product-label"
              label="Product"
              value={productCode}
              onChange={(e) => setChosen(e.target.value)}
            >
              {list.map((p) => (
                <MenuItem key={p.product_code} value={p.product_code}>
                  {p.product_name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ProductConsents key={productCode} productCode={productCode} />
        </>
      )}
    </Stack>
  );
}
