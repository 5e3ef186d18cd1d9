// File upload hub (spec §5): upload (type and 30 MB checked first), progress, list, preview of images and
// PDFs, removal. The value is { uploadedDocuments } as the server answered them.
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadedDocument } from '@originate/contract';
import { acceptAttribute, uploadCheck, uploadTypesText } from '@originate/flow-engine';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { problemText } from './problems';
import { useFieldServices } from './services';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

function documentsOf(value: FieldRendererProps['value']): UploadedDocument[] {
  return typeof value === 'object' && value !== null && 'uploadedDocuments' in value ? value.uploadedDocuments : [];
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const previewable = (doc: UploadedDocument) => doc.mimeType.startsWith('image/') || doc.mimeType === 'application/pdf';

export function FileUploadHub({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const services = useFieldServices();
  const details = field.field_type_details;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ doc: UploadedDocument; url: string } | null>(null);
  const documents = documentsOf(value);
  // The latest list, for an upload that finishes after another change.
  const latest = useRef(documents);
  latest.current = documents;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = uploadCheck({ name: file.name, size: file.size, type: file.type }, details.accept);
    if (!check.ok) {
      setProblem(check.reason);
      return;
    }
    setProblem(null);
    setUploading({ name: file.name, progress: 0 });
    try {
      const uploaded = await services.upload(file, field.key, (progress) =>
        setUploading({ name: file.name, progress }),
      );
      onChange({ uploadedDocuments: [...latest.current, uploaded] });
      onBlur();
    } catch (e) {
      setProblem(problemText(e));
    } finally {
      setUploading(null);
    }
  };

  const remove = async (doc: UploadedDocument) => {
    setProblem(null);
    try {
      await services.remove(doc.fileId);
      onChange({ uploadedDocuments: latest.current.filter((d) => d.fileId !== doc.fileId) });
      onBlur();
    } catch (e) {
      setProblem(problemText(e));
    }
  };

  const open = async (doc: UploadedDocument) => {
    try {
      const blob = await services.fetchFile(doc.fileId);
      setPreview({ doc, url: URL.createObjectURL(blob) });
    } catch (e) {
      setProblem(problemText(e));
    }
  };

  const shown = problem ?? errorText(label, error);
  const describedBy = shown ? helperId(field.key) : undefined;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={`${fieldDomId(field.key)}-label`}
      sx={{ p: 2, borderColor: shown ? 'error.main' : 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography component="span" sx={{ fontWeight: 500 }} id={`${fieldDomId(field.key)}-label`}>
            {label}
            {details.mandatory && (
              <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
                {' *'}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {details.placeholder ?? uploadTypesText(details.accept)}
          </Typography>
        </Box>
        <input
          required={details.mandatory === true}
          ref={input}
          id={`${fieldDomId(field.key)}-input`}
          type="file"
          accept={acceptAttribute(details.accept)}
          aria-label={label}
          aria-describedby={describedBy}
          onChange={(e) => void onFile(e)}
          disabled={readOnly || uploading !== null}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          tabIndex={-1}
        />
        <Button
          id={fieldDomId(field.key)}
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => {
            if (uploading === null) input.current?.click();
          }}
          // Waiting while a file uploads, not disabled: a disabled button drops keyboard focus to <body>.
          disabled={readOnly}
          aria-disabled={uploading !== null || undefined}
          aria-describedby={describedBy}
        >
          Upload
        </Button>
      </Stack>
      {uploading && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2">Uploading {uploading.name}…</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(uploading.progress * 100)}
            aria-label={`Uploading ${uploading.name}`}
          />
        </Box>
      )}
      {documents.length > 0 && (
        <List dense aria-label={`${label}: uploaded files`}>
          {documents.map((doc) => (
            <ListItem
              key={doc.fileId}
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  {previewable(doc) && (
                    <IconButton aria-label={`Preview ${doc.fileName}`} onClick={() => void open(doc)}>
                      <VisibilityOutlinedIcon />
                    </IconButton>
                  )}
                  {!readOnly && (
                    <IconButton aria-label={`Remove ${doc.fileName}`} onClick={() => void remove(doc)} edge="end">
                      <DeleteOutlinedIcon />
                    </IconButton>
                  )}
                </Stack>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFileOutlinedIcon />
              </ListItemIcon>
              <ListItemText
                primary={doc.fileName}
                secondary={fileSize(doc.size)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 8 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {shown && (
        <FormHelperText error id={helperId(field.key)} role="alert">
          {shown}
        </FormHelperText>
      )}
      {preview && (
        <Dialog open onClose={() => setPreview(null)} maxWidth="md" fullWidth>
          <DialogTitle>{preview.doc.fileName}</DialogTitle>
          <DialogContent>
            {preview.doc.mimeType === 'application/pdf' ? (
              <Box
                component="iframe"
                title={preview.doc.fileName}
                src={preview.url}
                sx={{ width: '100%', height: '70vh', border: 0 }}
              />
            ) : (
              <Box
                component="img"
                alt={preview.doc.fileName}
                src={preview.url}
                sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreview(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
