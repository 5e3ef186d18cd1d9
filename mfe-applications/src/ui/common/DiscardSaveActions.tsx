// A settings editor's two actions in its status bar: discard the unsaved changes, or review and save them.
import Button from '@mui/material/Button';

export function DiscardSaveActions({
  changed,
  problems,
  onDiscard,
  onSave,
}: {
  changed: boolean;
  problems: number;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <>
      <Button disabled={!changed && problems === 0} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button variant="contained" disabled={problems > 0 || !changed} onClick={onSave}>
        Save…
      </Button>
    </>
  );
}
