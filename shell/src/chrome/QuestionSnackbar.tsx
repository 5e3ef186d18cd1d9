// One question toast (QuestionToastHost shows them one at a time).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { QUESTION_TOAST_TIMEOUT_MS } from '@originate/contract';
import { dismissQuestion, type QuestionToast } from './questionToast';

export default function QuestionSnackbar({ toast }: { toast: QuestionToast }) {
  return (
    <Snackbar
      open
      autoHideDuration={QUESTION_TOAST_TIMEOUT_MS}
      // Below the web package's plain toasts (top centre), so a notice never hides a question.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        // A click elsewhere is no answer.
        if (reason !== 'clickaway') dismissQuestion(toast.id);
      }}
    >
      <Alert
        severity="info"
        variant="filled"
        role="alertdialog"
        aria-label={toast.message}
        action={
          <Stack direction="row" spacing={1}>
            {toast.answers.map((answer, i) => (
              <Button
                key={answer.label}
                color="inherit"
                size="small"
                variant={i === 0 ? 'outlined' : 'text'}
                onClick={() => {
                  dismissQuestion(toast.id);
                  answer.onClick?.();
                }}
              >
                {answer.label}
              </Button>
            ))}
          </Stack>
        }
        sx={{ minWidth: 360, alignItems: 'center' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
