// A template rendered for an application, as the recipient would get it: an e-mail (its subject, its HTML in a
// sandboxed frame that runs nothing), an HTML page the same way, an SMS's text with the parts the gateway
// bills, a PDF in a frame from a blob URL. Used by the editor's live preview and the detail's send dialog.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, type TemplateType } from '@originate/contract';
import type { TemplatePreview } from '../../api/templates';
import { smsSegmentsText } from '../../domain/templates';
import { PdfFrame } from '../common/PdfFrame';

export function PreviewPane({
  type,
  preview,
  loading,
  error,
  title,
}: {
  type: TemplateType;
  preview: TemplatePreview | undefined;
  loading: boolean;
  error: Error | null;
  /** Names the frame for assistive technology, e.g. 'Preview of SANCTION_LETTER'. */
  title: string;
}) {
  return (
    <Stack spacing={1} data-testid="template-preview">
      {loading && <LinearProgress aria-label="Rendering the preview" />}
      {error && (
        <Alert severity="error" role="alert">
          {previewRefusal(error)}
        </Alert>
      )}
      {preview?.kind === 'pdf' && <PdfFrame pdf={preview.pdf} title={title} />}
      {preview?.kind === 'message' && <MessageView sms={type === 'SMS'} preview={preview} title={title} />}
    </Stack>
  );
}

/** Why no preview: the server's reasons (an unknown placeholder named at the body), else its message. */
function previewRefusal(error: Error): string {
  if (error instanceof ApiError && error.items.length > 0) return `Cannot render: ${error.items.join('; ')}`;
  return `Cannot render: ${error.message}`;
}

function MessageView({
  sms,
  preview,
  title,
}: {
  sms: boolean;
  preview: Extract<TemplatePreview, { kind: 'message' }>;
  title: string;
}) {
  const { rendered } = preview;
  if (sms || !rendered.html) {
    return (
      <Stack spacing={0.5}>
        <Paper
          variant="outlined"
          sx={{ p: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover' }}
          aria-label={title}
          role="document"
        >
          {rendered.text}
        </Paper>
        {rendered.smsSegments && (
          <Typography variant="body2" color="text.secondary" data-testid="sms-segments">
            {smsSegmentsText(rendered.smsSegments)}
          </Typography>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      {rendered.subject && (
        <Typography variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Subject:{' '}
          </Box>
          <strong data-testid="preview-subject">{rendered.subject}</strong>
        </Typography>
      )}
      {/* No scripts, forms or navigation: sandbox with nothing allowed. */}
      <Box
        component="iframe"
        title={title}
        sandbox=""
        srcDoc={rendered.html}
        sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
    </Stack>
  );
}
