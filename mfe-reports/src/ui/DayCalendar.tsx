// The calendar of a filter bar's day field, loaded when it is first opened (MUI X's date library is the
// heaviest part of the filters): a month grid under the field; a day picked there becomes the field's day.
import Popover from '@mui/material/Popover';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';

/** The filter's wire format, the contract's bank day. */
const ISO_DAY = 'YYYY-MM-DD';
const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export default function DayCalendar({
  anchor,
  label,
  value,
  onPick,
  onClose,
}: {
  anchor: HTMLElement | null;
  label: string;
  /** YYYY-MM-DD, or '' for none (the calendar then opens on today's month). */
  value: string;
  onPick: (day: string) => void;
  onClose: () => void;
}) {
  const day = ISO_DAY_PATTERN.test(value) ? dayjs(value) : null;
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': `Choose the ${label} day` } }}
    >
      {/* The dayjs adapter for this remote's calendars only: neither package is a shared singleton. */}
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <DateCalendar
          value={day?.isValid() ? day : null}
          views={['year', 'month', 'day']}
          openTo="day"
          onChange={(next, state) => {
            if (state === 'finish' && next?.isValid()) onPick(next.format(ISO_DAY));
          }}
        />
      </LocalizationProvider>
    </Popover>
  );
}
