// The bank's requests for information about one application, as its applicant sees them: what was
// asked, by whom, their earlier answers, and (while the request is open) the answer form: text and, for
// the document fields asked for, uploads through the flow's own upload service and limits.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApplicantRequest, formatBankDateTime } from '@originate/contract';
import { acceptAttribute, uploadCheck } from '@originate/flow-engine';
import { getSession, showToast } from '@originate/web';
import { type FormEvent, useId, useState } from 'react';
import { applicantApplicationId, storeApplicantSession } from '../../api/applicantSession';
import { uploadDocument } from '../../api/flow';
import { answerRequest, openApplication } from '../../api/portal';
import { useRequests } from '../../api/usePortal';
import { requestStatus } from '../../domain/applicantStatus';
import { problemText } from '../fields/problems';

/** Uploads go to the session's own application: switch to this one first when the list showed several. */
async function switchToApplication(applicationId: string): Promise<void> {
  if (applicantApplicationId(getSession()) === applicationId) return;
  const answer = await openApplication(applicationId);
  storeApplicantSession(answer.session, answer.application_id);
}

export function RequestsPanel({ applicationId, onAnswered }: { applicationId: string; onAnswered(): void }) {
  const requests = useRequests(applicationId);
  if (requests.isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        Our questions could not be loaded. {problemText(requests.error)}
      </Alert>
    );
  }
  if (requests.isPending) return <Skeleton variant="rounded" height={80} sx={{ mt: 2 }} />;
  if (requests.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        We have not asked you anything about this application.
      </Typography>
    );
  }
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {requests.data.map((request) => (
        <RequestCard
          key={request.subTaskId}
          request={request}
          onAnswered={() => {
            void requests.refetch();
            onAnswered();
          }}
        />
      ))}
    </Stack>
  );
}

function RequestCard({ request, onAnswered }: { request: ApplicantRequest; onAnswered(): void }) {
  const state = requestStatus(request);
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="request">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={titleId} component="h4" sx={{ fontWeight: 600, flex: 1, minWidth: 180 }}>
          {request.title}
        </Typography>
        <Chip size="small" label={state.label} color={state.tone} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Asked by {request.askedBy} on {formatBankDateTime(request.askedAt)}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{request.description}</Typography>
      {request.fields.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          What we need:{' '}
          {request.fields.map((f) => (f.kind === 'document' ? `${f.label} (a document)` : f.label)).join(', ')}
        </Typography>
      )}
      {request.answers.map((a) => (
        <Box key={a.answeredAt} sx={{ mt: 1.5, pl: 2, borderLeft: 3, borderColor: 'primary.main' }}>
          <Typography variant="body2" color="text.secondary">
            Your answer of {formatBankDateTime(a.answeredAt)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{a.answer}</Typography>
          {a.files.length > 0 && (
            <Typography variant="body2">Documents: {a.files.map((f) => f.fileName).join(', ')}</Typography>
          )}
        </Box>
      ))}
      {state.answerable && <AnswerForm request={request} onAnswered={onAnswered} />}
    </Paper>
  );
}

function AnswerForm({ request, onAnswered }: { request: ApplicantRequest; onAnswered(): void }) {
  const [answer, setAnswer] = useState('');
  const [files, setFiles] = useState<Record<string, File>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const documents = request.fields.filter((f) => f.kind === 'document');
  const answerLabel = request.answers.length > 0 ? 'Add to your answer' : 'Your answer';

  const choose = (key: string, file: File | undefined) => {
    if (!file) return;
    const check = uploadCheck({ name: file.name, size: file.size, type: file.type });
    if (!check.ok) {
      setError(`${file.name}: ${check.reason}`);
      return;
    }
    setError(null);
    setFiles((chosen) => ({ ...chosen, [key]: file }));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await switchToApplication(request.application_id);
      const fileIds: string[] = [];
      for (const [fieldKey, file] of Object.entries(files)) {
        const uploaded = await uploadDocument(file, { applicationId: request.application_id, fieldKey });
        fileIds.push(uploaded.fileId);
      }
      await answerRequest({
        subTaskId: request.subTaskId,
        application_id: request.application_id,
        answer: answer.trim(),
        ...(fileIds.length > 0 ? { fileIds } : {}),
      });
      setAnswer('');
      setFiles({});
      showToast('Thank you: your answer was sent to us', 'success');
      onAnswered();
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={1.5} sx={{ mt: 2 }} onSubmit={(e) => void send(e)}>
      <TextField
        label={answerLabel}
        required
        multiline
        minRows={2}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {documents.map((field) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" disabled={busy}>
            Upload {field.label}
            <input
              hidden
              type="file"
              accept={acceptAttribute()}
              aria-label={`Upload ${field.label}`}
              onChange={(e) => choose(field.key, e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {files[field.key]?.name ?? 'No file chosen (up to 30 MB)'}
          </Typography>
        </Stack>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || answer.trim() === ''}>
          Send answer
        </Button>
      </Box>
    </Stack>
  );
}
