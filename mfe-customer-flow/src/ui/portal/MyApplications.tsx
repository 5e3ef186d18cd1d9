// "Your applications" on the portal's landing page: sign-in by a code sent to the applicant's e-mail,
// their applications in plain words (GraphQL 'applicationTasks' for the proved e-mail), Continue for
// drafts this device holds a resume link for, and the bank's requests for information with the answer form
// (mock-server README "Applicant portal").
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBankDate, type PortalApplication } from '@originate/contract';
import { sessionAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApplicantSession, storeApplicantSession } from '../../api/applicantSession';
import { createDraftStore, draftKey, indexedDbStore } from '../../api/draftStore';
import { sendSignInCode, verifySignInCode } from '../../api/portal';
import { useMyApplications } from '../../api/usePortal';
import { applicantStatus, canContinue } from '../../domain/applicantStatus';
import { problemText } from '../fields/problems';
import { RequestsPanel } from './RequestsPanel';

/** The e-mail this tab's applicant proved; it goes with their applicant session (same tab, same storage). */
const EMAIL_KEY = 'originate.portal.email';

const provedEmail = (): string | null => sessionStorage.getItem(EMAIL_KEY);

export function MyApplications() {
  const session = useAtomValue(sessionAtom);
  const [email, setEmail] = useState<string | null>(() => (isApplicantSession(session) ? provedEmail() : null));
  const signedIn = email !== null && isApplicantSession(session);
  return (
    <Box component="section" aria-labelledby="my-applications" sx={{ mt: 5 }}>
      <Typography id="my-applications" variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        Your applications
      </Typography>
      {signedIn ? (
        <ApplicationList email={email} />
      ) : (
        <SignIn
          onSignedIn={(proved) => {
            sessionStorage.setItem(EMAIL_KEY, proved);
            setEmail(proved);
          }}
        />
      )}
    </Box>
  );
}

function SignIn({ onSignedIn }: { onSignedIn(email: string): void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await sendSignInCode(email.trim());
      setSentTo(email.trim());
    });
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    void run(async () => {
      const answer = await verifySignInCode(sentTo, code.trim());
      storeApplicantSession(answer.session, answer.application_id);
      onSignedIn(answer.email);
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography sx={{ mb: 2 }}>
          Already applied? See how your applications are going and answer our questions. Enter the e-mail address you
          gave in your application and we will send you a code.
        </Typography>
        {!sentTo ? (
          <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={send}>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="email"
              required
              size="small"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" disabled={busy || email.trim() === ''}>
              Send code
            </Button>
          </Stack>
        ) : (
          <Stack component="form" spacing={1} onSubmit={verify}>
            <Typography variant="body2" color="text.secondary">
              If an application has the address {sentTo}, a 6-digit code is on its way to it. It is valid for 5 minutes.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label="Code"
                required
                size="small"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="contained" disabled={busy || code.trim().length !== 6}>
                Sign in
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  setSentTo(null);
                  setCode('');
                }}
              >
                Use another address
              </Button>
            </Stack>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function ApplicationList({ email }: { email: string }) {
  const applications = useMyApplications(email);
  if (applications.isError) {
    return <Alert severity="error">Your applications could not be loaded. {problemText(applications.error)}</Alert>;
  }
  if (applications.isPending) return <Skeleton variant="rounded" height={140} />;
  if (applications.data.data.length === 0) {
    return <Typography color="text.secondary">We have no applications for {email}.</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Signed in as {email}.
      </Typography>
      {applications.data.data.map((application) => (
        <ApplicationCard
          key={application.application_id}
          application={application}
          onAnswered={() => void applications.refetch()}
        />
      ))}
    </Stack>
  );
}

function ApplicationCard({ application, onAnswered }: { application: PortalApplication; onAnswered(): void }) {
  const words = applicantStatus(application);
  const [showRequests, setShowRequests] = useState(application.openRequests > 0);
  const [resumeNote, setResumeNote] = useState(false);
  const navigate = useNavigate();
  const titleId = `application-${application.application_id}`;

  const resume = async () => {
    // The flow resumes from its resume link; this device keeps it with its draft.
    const drafts = createDraftStore(indexedDbStore());
    const draft = await drafts.load(draftKey(application.product_code, application.application_id));
    if (draft?.resumeToken) {
      navigate(`/dynamic-resume?transactionToken=${encodeURIComponent(draft.resumeToken)}`);
    } else {
      setResumeNote(true);
    }
  };

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="my-application">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={titleId} variant="h6" component="h3" sx={{ flex: 1, minWidth: 200 }}>
            {application.product_name}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {application.application_id}
            </Typography>
          </Typography>
          <Chip label={words.label} color={words.tone} size="small" />
        </Stack>
        <Typography sx={{ mt: 1 }}>{words.detail}</Typography>
        <Typography variant="body2" color="text.secondary">
          Started on {formatBankDate(application.cre_time)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          {canContinue(application) && (
            <Button variant="contained" onClick={() => void resume()}>
              Continue application
            </Button>
          )}
          <Button onClick={() => setShowRequests((shown) => !shown)} aria-expanded={showRequests}>
            {showRequests ? 'Hide our questions' : 'Our questions'}
            {application.openRequests > 0 && ` (${application.openRequests} waiting)`}
          </Button>
        </Stack>
        {resumeNote && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Continue on the device where you started, or open the link we showed you when you saved.
          </Alert>
        )}
        {showRequests && <RequestsPanel applicationId={application.application_id} onAnswered={onAnswered} />}
      </CardContent>
    </Card>
  );
}
