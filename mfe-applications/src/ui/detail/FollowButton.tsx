// Follow / Unfollow in the detail's header: a follower hears of each step change (FOLLOWED notifications) and
// finds the application in the Followed list.
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Button from '@mui/material/Button';
import { useFollowState, useFollowToggle } from '../../api/useFollow';

export function FollowButton({ applicationId }: { applicationId: string }) {
  const state = useFollowState(applicationId);
  const toggle = useFollowToggle(applicationId);
  if (!state.data) return null;
  const following = state.data.following;
  return (
    <Button
      startIcon={following ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
      aria-pressed={following}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!following)}
    >
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
