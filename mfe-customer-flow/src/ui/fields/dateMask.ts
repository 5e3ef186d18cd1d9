// Typing a date by its digits: '15061990' becomes '15/06/1990' for DD/MM/YYYY. The separators of the
// field's format are put in as the digits arrive, so the applicant never types them (a phone's number pad
// has none). A format with anything but two-digit days and months and two- or four-digit years is left as typed.

const MASKABLE = /^(?:DD|MM|YYYY|YY)(?:[^A-Za-z0-9](?:DD|MM|YYYY|YY))*$/;

/** The text with the format's separators placed between its digits; unchanged when the format is not digits only. */
export function maskDate(text: string, format: string): string {
  if (!MASKABLE.test(format)) return text;
  const digits = text.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of format) {
    if (next >= digits.length) break;
    if (/[DMY]/.test(slot)) {
      out += digits[next];
      next += 1;
    } else out += slot;
  }
  return out;
}
