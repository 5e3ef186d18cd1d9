// Docs: the product's required documents not yet received first, then the application's documents with a
// thumbnail, an inline preview (images and PDFs) and their earlier versions; download for everyone who sees them;
// upload by picking a document type from the product's document list, replace (30 MB and the upload kinds
// checked first), metadata, delete, merge (into one PDF) and copy to another application with MANAGE_DOCUMENT.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { acceptAttribute, formatBankDateTime, type StaffDocument } from '@originate/contract';
import { showToast } from '@originate/web';
import { Fragment, useRef, useState } from 'react';
import { detailApi } from '../../../api/detail';
import { useCreditSummary, useDetailMutation, useDocuments, useReported } from '../../../api/useDetail';
import { uploadProblem } from '../../../domain/detail';
import { documentName, requiredMissing } from '../../../domain/documents';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { saveDownload } from '../download';
import { DocumentState } from '../Summary';
import { DocPreviewDialog, DocThumbnail } from './DocPreview';
import { Loading } from './Loading';

/** The picker's entry for a document the product's list does not name. */
const OTHER_DOCUMENT = '__other__';

const kb = (size: number) =>
  size >= 1048576 ? `${(size / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

/**
 * A document's action as an icon named by `label` (its tooltip too): five of them fit one line beside the
 * document's columns, where five worded buttons pushed the last ones out of a 1280 px wide table.
 */
function DocAction({ label, children, ...button }: { label: string } & Omit<IconButtonProps, 'aria-label'>) {
  return (
    <Tooltip title={label} describeChild>
      {/* A disabled button takes no pointer events: the tooltip listens on the span around it. */}
      <span>
        <IconButton size="small" aria-label={label} {...button}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A key such as letter_SANCTION_LETTER: it may break after an underscore, never inside a word. */
function Breakable({ text }: { text: string }) {
  let at = 0;
  return text.split(/(?<=_)/).map((part) => {
    const start = at;
    at += part.length;
    return (
      <Fragment key={start}>
        {start > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}

/** The earlier files of a document, newest first, each downloadable. */
function Versions({ doc, columns }: { doc: StaffDocument; columns: number }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover' }}>
        <Stack component="ul" spacing={0.5} aria-label={`Earlier versions of ${doc.fileName}`} sx={{ m: 0, pl: 2 }}>
          {doc.versions.map((v) => (
            <Stack
              component="li"
              key={v.version}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Typography variant="body2">
                Version {v.version}: {v.fileName}, {kb(v.size)}, uploaded {formatBankDateTime(v.uploadedAt)} by{' '}
                {v.uploadedBy ?? 'the applicant'}, replaced {formatBankDateTime(v.replacedAt)}
              </Typography>
              <Button
                size="small"
                onClick={() => void saveDownload(() => detailApi.downloadVersion(doc.fileId, v.version), v.fileName)}
                aria-label={`Download version ${v.version} of ${doc.fileName}`}
              >
                Download
              </Button>
            </Stack>
          ))}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

export function DocsTab({ applicationId, canManage }: { applicationId: string; canManage: boolean }) {
  const documents = useDocuments(applicationId);
  useReported(documents.error);
  // The product's document list (the flow's upload fields) and what has been received of each.
  const summary = useCreditSummary(applicationId);
  const list = summary.data?.documents.items ?? [];
  const missing = requiredMissing(list);
  const [previewed, setPreviewed] = useState<StaffDocument | null>(null);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [docType, setDocType] = useState('');
  const [otherName, setOtherName] = useState('');
  // A document the product's list does not name (a builder's NOC) is filed under the name staff give it.
  const other = list.length === 0 || docType === OTHER_DOCUMENT;
  const fieldKey = other ? otherName.trim() : docType;
  const [problem, setProblem] = useState<string | null>(null);
  const [shownVersions, setShownVersions] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = (message: string) => () => {
    setRequest(null);
    showToast(message, 'success');
  };
  const upload = useDetailMutation(
    applicationId,
    (file: File) => detailApi.upload(applicationId, fieldKey, file),
    ['documents', 'creditSummary'],
    {
      onSuccess: () => {
        if (input.current) input.current.value = '';
        showToast('Document uploaded', 'success');
      },
    },
  );
  const replace = useDetailMutation(
    applicationId,
    (v: { fileId: string; file: File }) =>
      detailApi.replaceDocument({ application_id: applicationId, fileId: v.fileId }, v.file),
    ['documents', 'audits'],
    { onSuccess: () => showToast('File replaced', 'success') },
  );
  const remove = useDetailMutation(
    applicationId,
    (fileId: string) => detailApi.deleteDocument({ application_id: applicationId, fileId }),
    ['documents', 'creditSummary'],
  );
  const metadata = useDetailMutation(
    applicationId,
    (v: { fileId: string; docType?: string; description?: string }) =>
      detailApi.updateMetadata({
        application_id: applicationId,
        fileId: v.fileId,
        metadata: { docType: v.docType, description: v.description },
      }),
    ['documents'],
  );
  const merge = useDetailMutation(
    applicationId,
    (fileName: string) => detailApi.mergeDocuments({ application_id: applicationId, fileIds: selected, fileName }),
    ['documents'],
    {
      onSuccess: () => setSelected([]),
    },
  );
  const copy = useDetailMutation(
    applicationId,
    (v: { fileId: string; toApplicationId: string }) => detailApi.copyFile({ application_id: applicationId, ...v }),
    [],
  );
  const busy =
    upload.isPending ||
    replace.isPending ||
    remove.isPending ||
    metadata.isPending ||
    merge.isPending ||
    copy.isPending;

  /** The file the user picked, if the upload rules take it (else the reason is shown); the picker is cleared. */
  const picked = (target: HTMLInputElement): File | null => {
    setProblem(null);
    const file = target.files?.[0];
    const refused = file ? uploadProblem(file) : null;
    if (refused || !file) target.value = '';
    if (refused) setProblem(refused);
    return refused ? null : (file ?? null);
  };
  const onFile = (target: HTMLInputElement) => {
    const file = picked(target);
    if (file) upload.mutate(file);
  };
  const onReplacement = (doc: StaffDocument, target: HTMLInputElement) => {
    const file = picked(target);
    if (!file) return;
    replace.mutate(
      { fileId: doc.fileId, file },
      {
        onSettled: () => {
          target.value = '';
        },
      },
    );
  };
  const columns = canManage ? 7 : 6;

  return (
    <Stack spacing={2}>
      {canManage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {list.length > 0 && (
            <TextField
              select
              label="Document type"
              size="small"
              value={docType}
              onChange={(e) => setDocType(e.target.value)}
              sx={{ minWidth: 260 }}
              helperText="From this product's document list"
            >
              {list.map((d) => (
                <MenuItem key={d.fieldKey} value={d.fieldKey}>
                  {d.label}
                  {d.required ? ' (required)' : ''}
                </MenuItem>
              ))}
              <MenuItem value={OTHER_DOCUMENT}>Other document…</MenuItem>
            </TextField>
          )}
          {other && (
            <TextField
              label="Document name"
              size="small"
              value={otherName}
              onChange={(e) => setOtherName(e.target.value)}
              helperText={
                list.length === 0
                  ? 'This product has no document list: name the document (e.g. Builder NOC)'
                  : 'A document the list does not name (e.g. Builder NOC)'
              }
            />
          )}
          <Button variant="contained" component="label" disabled={fieldKey === '' || busy}>
            Upload document
            <input
              ref={input}
              hidden
              type="file"
              accept={acceptAttribute()}
              aria-label="Document file"
              onChange={(e) => onFile(e.target)}
            />
          </Button>
          <Button
            variant="outlined"
            disabled={selected.length < 2 || busy}
            onClick={() =>
              setRequest({
                title: `Merge ${selected.length} documents into one PDF`,
                confirmLabel: 'Merge',
                comment: false,
                fields: [{ name: 'fileName', label: 'File name', required: true, initial: 'merged.pdf' }],
                onConfirm: ({ fileName }) =>
                  merge.mutate(fileName ?? 'merged.pdf', { onSuccess: done('Documents merged') }),
              })
            }
          >
            Merge selected
          </Button>
        </Stack>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {missing.length > 0 && (
        <Stack component="ul" spacing={0.5} aria-label="Required documents not received" sx={{ m: 0, p: 0 }}>
          {missing.map((d) => (
            <Stack
              component="li"
              key={d.fieldKey}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', listStyle: 'none' }}
              data-testid="doc-missing"
            >
              <DocumentState doc={d} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {d.label}
              </Typography>
              {canManage && (
                <Button size="small" onClick={() => setDocType(d.fieldKey)} aria-label={`Choose ${d.label} to upload`}>
                  Choose to upload
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {!documents.data ? (
        <Loading query={documents} what="documents" />
      ) : documents.data.length === 0 ? (
        <Typography color="text.secondary">No documents on this application.</Typography>
      ) : (
        // Scrolls sideways inside the card on a narrow screen rather than widening the page.
        <TableContainer>
          <Table
            size="small"
            aria-label="Documents"
            // Half the usual side padding: seven columns and the actions fit a 1280 px wide screen.
            sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                {canManage && <TableCell padding="checkbox" />}
                <TableCell>Preview</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Document type</TableCell>
                <TableCell>Type / description</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.data.map((d) => [
                <TableRow key={d.fileId}>
                  {canManage && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(d.fileId)}
                        onChange={(e) =>
                          setSelected((s) => (e.target.checked ? [...s, d.fileId] : s.filter((x) => x !== d.fileId)))
                        }
                        slotProps={{ input: { 'aria-label': `Select ${d.fileName}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <DocThumbnail applicationId={applicationId} doc={d} onOpen={() => setPreviewed(d)} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 150, overflowWrap: 'anywhere' }}>
                    <span>{d.fileName}</span>
                    <Typography variant="caption" component="div" color="text.secondary">
                      {kb(d.size)}
                    </Typography>
                    {d.versions.length > 0 && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        Version {d.version}{' '}
                        <Button
                          size="small"
                          sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline', textTransform: 'none' }}
                          aria-expanded={shownVersions === d.fileId}
                          onClick={() => setShownVersions((v) => (v === d.fileId ? null : d.fileId))}
                        >
                          {shownVersions === d.fileId ? 'Hide' : 'Show'} {d.versions.length} earlier
                        </Button>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {documentName(d, list)}
                    <Typography variant="caption" component="div" color="text.secondary">
                      <Breakable text={d.fieldKey} />
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {[d.metadata.docType, d.metadata.description].filter(Boolean).join(' — ') || '—'}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {formatBankDateTime(d.updatedAt)} · {d.uploadedBy ?? 'the applicant'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', width: '1%' }}>
                    <DocAction
                      label="Download"
                      onClick={() => void saveDownload(() => detailApi.download(d.fileId), d.fileName)}
                    >
                      <DownloadOutlined fontSize="small" />
                    </DocAction>
                    {canManage && (
                      <>
                        <DocAction
                          label="Metadata"
                          onClick={() =>
                            setRequest({
                              title: `Metadata of ${d.fileName}`,
                              confirmLabel: 'Save',
                              comment: false,
                              fields: [
                                { name: 'docType', label: 'Document type', initial: d.metadata.docType ?? '' },
                                {
                                  name: 'description',
                                  label: 'Description',
                                  multiline: true,
                                  initial: d.metadata.description ?? '',
                                },
                              ],
                              onConfirm: (v) =>
                                metadata.mutate(
                                  { fileId: d.fileId, docType: v.docType, description: v.description },
                                  { onSuccess: done('Metadata saved') },
                                ),
                            })
                          }
                        >
                          <EditNoteOutlined fontSize="small" />
                        </DocAction>
                        <DocAction label="Replace file" component="label" disabled={busy}>
                          <UploadFileOutlined fontSize="small" />
                          <input
                            hidden
                            type="file"
                            accept={acceptAttribute()}
                            aria-label={`Replace ${d.fileName}`}
                            onChange={(e) => onReplacement(d, e.target)}
                          />
                        </DocAction>
                        <DocAction
                          label="Copy"
                          onClick={() =>
                            setRequest({
                              title: `Copy ${d.fileName} to another application`,
                              confirmLabel: 'Copy',
                              comment: false,
                              fields: [{ name: 'toApplicationId', label: 'Application id', required: true }],
                              onConfirm: (v) =>
                                copy.mutate(
                                  { fileId: d.fileId, toApplicationId: v.toApplicationId ?? '' },
                                  { onSuccess: done('Document copied') },
                                ),
                            })
                          }
                        >
                          <ContentCopyOutlined fontSize="small" />
                        </DocAction>
                        <DocAction
                          label="Delete"
                          color="error"
                          onClick={() =>
                            setRequest({
                              title: `Delete ${d.fileName}?`,
                              confirmLabel: 'Delete',
                              comment: false,
                              onConfirm: () => remove.mutate(d.fileId, { onSuccess: done('Document deleted') }),
                            })
                          }
                        >
                          <DeleteOutlined fontSize="small" />
                        </DocAction>
                      </>
                    )}
                  </TableCell>
                </TableRow>,
                shownVersions === d.fileId && d.versions.length > 0 && (
                  <Versions key={`${d.fileId}-versions`} doc={d} columns={columns} />
                ),
              ])}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {request && <ConfirmDialog request={request} busy={busy} onClose={() => setRequest(null)} />}
      {previewed && (
        <DocPreviewDialog
          applicationId={applicationId}
          doc={previewed}
          name={documentName(previewed, list)}
          onClose={() => setPreviewed(null)}
        />
      )}
    </Stack>
  );
}
