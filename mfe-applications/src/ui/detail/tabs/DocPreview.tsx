// A document's thumbnail (an image's own pixels; a PDF's or other file's kind as a tile) and its inline preview:
// the authorised download's bytes as a blob: URL, typed by the page (previewKind), in an <img> or the browser's
// PDF viewer. Nothing the server sends is ever put into the page as HTML.
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { StaffDocument } from '@originate/contract';
import { detailApi } from '../../../api/detail';
import { usePreviewBytes } from '../../../api/useDetail';
import { type PreviewKind, previewKind } from '../../../domain/documents';
import { PdfFrame, useObjectUrl } from '../../common/PdfFrame';
import { saveDownload } from '../download';
import { Loading } from './Loading';

const TILE = 56;

export function DocThumbnail({
  applicationId,
  doc,
  onOpen,
}: {
  applicationId: string;
  doc: StaffDocument;
  onOpen: () => void;
}) {
  const kind = previewKind(doc.mimeType);
  const bytes = usePreviewBytes(applicationId, doc, kind === 'image' ? 'image' : null);
  const url = useObjectUrl(bytes.data);
  const tile = {
    width: TILE,
    height: TILE,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    overflow: 'hidden',
    bgcolor: 'action.hover',
  } as const;
  return (
    <ButtonBase
      onClick={onOpen}
      disabled={kind === null}
      aria-label={kind ? `Preview ${doc.fileName}` : `${doc.fileName} (no preview for this file type)`}
      sx={tile}
      data-testid="doc-thumbnail"
    >
      {kind === 'image' && url ? (
        <Box component="img" src={url} alt="" sx={{ width: TILE, height: TILE, objectFit: 'cover' }} />
      ) : kind === 'pdf' ? (
        <PictureAsPdfOutlined color="error" aria-hidden />
      ) : (
        <InsertDriveFileOutlined color="action" aria-hidden />
      )}
    </ButtonBase>
  );
}

function PreviewBody({ applicationId, doc, kind }: { applicationId: string; doc: StaffDocument; kind: PreviewKind }) {
  const bytes = usePreviewBytes(applicationId, doc, kind);
  const url = useObjectUrl(kind === 'image' ? bytes.data : undefined);
  if (!bytes.data) return <Loading query={bytes} what="preview" />;
  if (kind === 'pdf') return <PdfFrame pdf={bytes.data} title={`Preview of ${doc.fileName}`} height={620} />;
  return url ? (
    <Box
      component="img"
      src={url}
      alt={`Preview of ${doc.fileName}`}
      // The dialog's width, no taller than 620 px: a large scan shrinks to fit, a small image grows to be read.
      sx={{ display: 'block', width: '100%', maxHeight: 620, objectFit: 'contain', mx: 'auto' }}
    />
  ) : null;
}

export function DocPreviewDialog({
  applicationId,
  doc,
  name,
  onClose,
}: {
  applicationId: string;
  doc: StaffDocument;
  name: string;
  onClose: () => void;
}) {
  const kind = previewKind(doc.mimeType);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="doc-preview-title">
      <DialogTitle id="doc-preview-title">
        {name}: {doc.fileName}
      </DialogTitle>
      <DialogContent dividers data-testid="doc-preview">
        {kind ? (
          <PreviewBody applicationId={applicationId} doc={doc} kind={kind} />
        ) : (
          'This file type has no preview: download it.'
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void saveDownload(() => detailApi.download(doc.fileId), doc.fileName)}>Download</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
