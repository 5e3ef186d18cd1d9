// The calendar of a date field (DateInput), in a chunk of its own: MUI's DateCalendar and its dayjs
// adapter, within the field's bounds (engine dateBounds), in a popover under the field.
import Popover from '@mui/material/Popover';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { FieldConfig } from '@originate/contract';
import { dateBounds, parseDate } from '@originate/flow-engine';

interface Props {
  anchor: HTMLElement | null;
  field: FieldConfig;
  label: string;
  format: string;
  /** The field's text now (may be empty or half typed). */
  value: string;
  onPick(text: string): void;
  onClose(): void;
}

export default function DateCalendarPopover({ anchor, field, label, format, value, onPick, onClose }: Props) {
  const bounds = dateBounds(field, new Date());
  const parsed = value === '' ? null : (parseDate(value, format) ?? null);
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': `${label}: calendar` } }}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <DateCalendar
          value={parsed}
          referenceDate={parsed ?? bounds.latest ?? undefined}
          minDate={bounds.earliest}
          maxDate={bounds.latest}
          openTo={parsed ? 'day' : 'year'}
          views={['year', 'month', 'day']}
          onChange={(date, selection) => {
            if (selection === 'finish' && date?.isValid()) onPick(date.format(format));
          }}
        />
      </LocalizationProvider>
    </Popover>
  );
}
