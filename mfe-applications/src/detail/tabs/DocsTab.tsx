// Docs: the application's documents; download for everyone who sees them; upload (30 MB and the upload
// kinds checked first), metadata, delete, merge (into one PDF) and copy to another application with
// MANAGE_DOCUMENT.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { acceptAttribute, formatDateTime, reportError, showToast } from '@originate/shared';
import { useRef, useState } from 'react';
import { detailApi, type StaffDocument } from '../api';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { useDetailMutation, useDocuments, useReported } from '../hooks';
import { uploadProblem } from '../model';
import { Loading } from './Loading';

const kb = (size: number) =>
  size >= 1048576 ? `${(size / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

async function download(doc: StaffDocument) {
  try {
    const url = URL.createObjectURL(await detailApi.download(doc.fileId));
    const a = document.createElement('a');
    a.href = url;
    a.download = doc.fileName;
    a.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    reportError(error);
  }
}

export function DocsTab({ applicationId, canManage }: { applicationId: string; canManage: boolean }) {
  const documents = useDocuments(applicationId);
  useReported(documents.error);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [fieldKey, setFieldKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = (message: string) => () => {
    setRequest(null);
    showToast(message, 'success');
  };
  const upload = useDetailMutation(
    applicationId,
    (file: File) => detailApi.upload(applicationId, fieldKey.trim(), file),
    ['documents'],
    {
      onSuccess: () => {
        if (input.current) input.current.value = '';
        showToast('Document uploaded', 'success');
      },
    },
  );
  const remove = useDetailMutation(
    applicationId,
    (fileId: string) => detailApi.deleteDocument({ application_id: applicationId, fileId }),
    ['documents'],
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
  const busy = upload.isPending || remove.isPending || metadata.isPending || merge.isPending || copy.isPending;

  const onFile = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = uploadProblem(file);
    if (refused) {
      setProblem(refused);
      if (input.current) input.current.value = '';
      return;
    }
    upload.mutate(file);
  };

  return (
    <Stack spacing={2}>
      {canManage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Document field"
            size="small"
            value={fieldKey}
            onChange={(e) => setFieldKey(e.target.value)}
            helperText="The form's upload field (e.g. id_document) or a document type (e.g. salary_slip)"
          />
          <Button variant="contained" component="label" disabled={fieldKey.trim() === '' || busy}>
            Upload document
            <input
              ref={input}
              hidden
              type="file"
              accept={acceptAttribute()}
              aria-label="Document file"
              onChange={(e) => onFile(e.target.files?.[0])}
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
      {!documents.data ? (
        <Loading query={documents} what="documents" />
      ) : documents.data.length === 0 ? (
        <Typography color="text.secondary">No documents on this application.</Typography>
      ) : (
        <Table size="small" aria-label="Documents">
          <TableHead>
            <TableRow>
              {canManage && <TableCell padding="checkbox" />}
              <TableCell>Name</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>Type / description</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {documents.data.map((d) => (
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
                <TableCell>{d.fileName}</TableCell>
                <TableCell>{d.fieldKey}</TableCell>
                <TableCell>{[d.metadata.docType, d.metadata.description].filter(Boolean).join(' — ') || '—'}</TableCell>
                <TableCell>{kb(d.size)}</TableCell>
                <TableCell>
                  {formatDateTime(d.createdAt)} · {d.uploadedBy ?? 'the applicant'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => void download(d)}>
                    Download
                  </Button>
                  {canManage && (
                    <>
                      <Button
                        size="small"
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
                        Metadata
                      </Button>
                      <Button
                        size="small"
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
                        Copy
                      </Button>
                      <Button
                        size="small"
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
                        Delete
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {request && <ConfirmDialog request={request} busy={busy} onClose={() => setRequest(null)} />}
    </Stack>
  );
}
