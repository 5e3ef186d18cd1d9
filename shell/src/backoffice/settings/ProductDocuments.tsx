// Settings › Products › Documents (operations admin): the documents a product asks applicants for, which are
// the upload fields of its flow's documents step. Add, rename, mark required or optional, choose the file
// types, remove, then save the whole list (PUT /api/ProductDetails/:code/documents): the portal's step, the
// back office's document types and the credit summary's document status follow, and History records it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_UPLOAD_KINDS,
  ApiError,
  type MasterProduct,
  type ProductDocument,
  type UploadKind,
  uploadKindWords,
} from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { useProductDocuments, useSaveProductDocuments } from '../../api/useSettings';

/** A row being edited: `saved` rows keep their type key (uploaded files are filed under it). */
interface DocumentDraft extends ProductDocument {
  saved: boolean;
  /** Whether the admin typed the key; until then it follows the label. */
  keyTyped: boolean;
}

const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
const keyFromLabel = (label: string) =>
  label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 128);

const kindName = (kind: UploadKind) => {
  const words = uploadKindWords(kind);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** What stops the list from being saved, each naming the document and what is allowed; none when it may be sent. */
function draftProblems(rows: readonly DocumentDraft[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const name = `Document ${i + 1}${row.label.trim() ? ` (${row.label.trim()})` : ''}`;
    if (!row.label.trim()) problems.push(`${name}: enter the name applicants see`);
    if (!KEY_PATTERN.test(row.key)) {
      problems.push(`${name}: the type key may hold only letters, digits, '_', '.' and '-' (up to 128)`);
    } else if (seen.has(row.key)) {
      problems.push(`${name}: the type key '${row.key}' is already used by another document`);
    }
    seen.add(row.key);
    if (row.accept.length === 0) problems.push(`${name}: choose at least one accepted file type`);
  });
  return problems;
}

const PART_NAMES: Record<string, string> = {
  key: 'type key',
  label: 'name',
  accept: 'file types',
  required: 'required',
};

/** The server's 'documents[1].key - …' as 'Document 2 (Form 16), type key: …'. */
function serverProblem(item: string, rows: readonly DocumentDraft[]): string {
  const match = /^documents\[(\d+)\]\.?([A-Za-z]*)[^ ]* - (.*)$/s.exec(item);
  if (!match) return item;
  const [, index = '0', part = '', reason = ''] = match;
  const row = rows[Number(index)];
  const name = `Document ${Number(index) + 1}${row?.label ? ` (${row.label})` : ''}`;
  return `${name}, ${PART_NAMES[part] ?? part}: ${reason}`;
}

const draftOf = (documents: readonly ProductDocument[]): DocumentDraft[] =>
  documents.map((d) => ({ ...d, saved: true, keyTyped: true }));

function DocumentRow({
  row,
  index,
  productName,
  onChange,
  onRemove,
}: {
  row: DocumentDraft;
  index: number;
  productName: string;
  onChange: (row: DocumentDraft) => void;
  onRemove: () => void;
}) {
  const name = row.label.trim() || `document ${index + 1}`;
  const typesId = `doc-types-${productName}-${index}`.replace(/\W+/g, '-');
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      aria-label={`${name} of ${productName}`}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          size="small"
          label="Name applicants see"
          value={row.label}
          onChange={(e) => {
            const label = e.target.value;
            onChange({ ...row, label, key: row.keyTyped ? row.key : keyFromLabel(label) });
          }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ minWidth: 220 }}
        />
        <TextField
          size="small"
          label="Type key"
          value={row.key}
          helperText={row.saved ? 'Kept: uploaded files are filed under it' : "Letters, digits, '_', '.', '-'"}
          onChange={(e) => onChange({ ...row, key: e.target.value, keyTyped: true })}
          slotProps={{ htmlInput: { maxLength: 128, readOnly: row.saved } }}
        />
        <FormControl size="small" sx={{ minWidth: 220, maxWidth: 320 }}>
          <InputLabel id={`${typesId}-label`}>Accepted file types</InputLabel>
          <Select<UploadKind[]>
            multiple
            labelId={`${typesId}-label`}
            label="Accepted file types"
            value={row.accept}
            onChange={(e) => {
              const value = e.target.value;
              const chosen = typeof value === 'string' ? (value.split(',') as UploadKind[]) : value;
              onChange({ ...row, accept: ALL_UPLOAD_KINDS.filter((k) => chosen.includes(k)) });
            }}
            renderValue={(chosen) =>
              chosen.length === ALL_UPLOAD_KINDS.length
                ? 'Any file type'
                : chosen.map((k) => k.toUpperCase()).join(', ')
            }
          >
            {ALL_UPLOAD_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                <Checkbox checked={row.accept.includes(kind)} size="small" />
                <ListItemText primary={kindName(kind)} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={
            <Checkbox checked={row.required} onChange={(e) => onChange({ ...row, required: e.target.checked })} />
          }
          label="Required"
        />
        <Button color="error" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Stack>
    </Box>
  );
}

function DocumentsForm({ product, documents }: { product: MasterProduct; documents: ProductDocument[] }) {
  const [rows, setRows] = useState<DocumentDraft[]>(() => draftOf(documents));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveProductDocuments(product.product_code, (answer) => {
    showToast(`${product.product_name}: documents saved`, 'success');
    setRows(draftOf(answer.documents));
    setProblems([]);
  });
  const submit = () => {
    const found = draftProblems(rows);
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      rows.map(({ key, label, required, accept }) => ({ key, label: label.trim(), required, accept })),
      {
        onError: (error) =>
          setProblems(
            error instanceof ApiError && error.items.length > 0
              ? error.items.map((item) => serverProblem(item, rows))
              : [error.message],
          ),
      },
    );
  };
  const headingId = `documents-${product.product_code}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h4" id={headingId} sx={{ fontWeight: 600 }}>
        {`${product.product_name} documents`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        What applicants upload on the documents step, in this order. A required document must be uploaded before the
        application can be submitted. Each file may be up to 30 MB, the bank's limit for every upload.
      </Typography>
      {rows.length === 0 && (
        <Typography sx={{ mt: 1 }}>This product asks for no documents on its documents step.</Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ pl: 0, mt: 1.5, mb: 0 }}>
        {rows.map((row, i) => (
          <DocumentRow
            // A row's index is its identity while it is edited: a new row's key changes as it is typed.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            row={row}
            index={i}
            productName={product.product_name}
            onChange={(next) => setRows(rows.map((r, j) => (j === i ? next : r)))}
            onRemove={() => setRows(rows.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          onClick={() =>
            setRows([
              ...rows,
              { key: '', label: '', required: true, accept: ['pdf', 'image'], saved: false, keyTyped: false },
            ])
          }
        >
          Add a document
        </Button>
        <Button variant="contained" disabled={save.isPending} onClick={submit}>
          {`Save ${product.product_name} documents`}
        </Button>
      </Stack>
    </Box>
  );
}

export default function ProductDocuments({ product }: { product: MasterProduct }) {
  const documents = useProductDocuments(product.product_code);
  if (documents.error) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {`The documents of ${product.product_name} could not be loaded: ${documents.error.message}`}
      </Alert>
    );
  }
  if (documents.isPending) return <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />;
  if (!documents.data.step) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {`${product.product_name}'s flow has no documents step (a step that asks for files only), so there is no document list to edit here.`}
      </Typography>
    );
  }
  return <DocumentsForm product={product} documents={documents.data.documents} />;
}
