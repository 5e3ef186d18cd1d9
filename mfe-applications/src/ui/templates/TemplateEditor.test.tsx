import { ApiError, type TemplateVersion } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as lists from '../../api/lists';
import { templatesApi } from '../../api/templates';
import { draftOf, newDraft, type TemplateDraft } from '../../domain/templates';
import { task } from '../../test/fixtures';
import { TemplateEditor } from './TemplateEditor';

jest.mock('../../api/templates', () => ({
  templatesApi: { save: jest.fn(), preview: jest.fn() },
}));
jest.mock('../../api/lists');
const api = jest.mocked(templatesApi);
const search = jest.mocked(lists.globalSearch);

const stored: TemplateVersion = {
  template_id: 'SANCTIONED_SMS',
  template_name: 'Sanctioned SMS',
  template_type: 'SMS',
  verNum: 3,
  subject: null,
  events: ['SANCTIONED'],
  languages: [],
  createdBy: 'USR-ADMIN',
  createdAt: '2026-12-01T09:00:00.000Z',
  current: true,
  body: 'Dear , your loan is sanctioned.',
  translations: {},
};

const onSaved = jest.fn();

function mount(initial: TemplateDraft, readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TemplateEditor initial={initial} readOnly={readOnly} onSaved={onSaved} />
    </QueryClientProvider>,
  );
}

/** Types into the application picker as a user does (it has the focus first, or the picker resets the text). */
function pickApplication(text: string) {
  const picker = screen.getByRole('combobox', { name: 'Preview on application' }) as HTMLInputElement;
  picker.focus();
  fireEvent.change(picker, { target: { value: text } });
}

const body = () => screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;

beforeEach(() => {
  jest.resetAllMocks();
  search.mockResolvedValue({
    data: [task({ application_id: 'PL-2026-000131', applicantName: 'Asha Rao', product_name: 'Personal Loan' })],
    count: 1,
  });
});

it('types a placeholder from the palette in at the cursor', () => {
  mount(draftOf(stored, 3));
  body().setSelectionRange(5, 5);
  fireEvent.click(screen.getByRole('button', { name: /^Insert applicant\.name:/ }));
  expect(body().value).toBe('Dear {{applicant.name}}, your loan is sanctioned.');
  expect(screen.getByTestId('template-status').textContent).toBe('Changes not saved');
});

it('saves the draft as the version after the one it was opened over', async () => {
  api.save.mockResolvedValue({ template_id: 'SANCTIONED_SMS', verNum: 4 });
  mount(draftOf(stored, 3));
  const save = screen.getByRole('button', { name: 'Save as version 4' });
  expect(save).toHaveProperty('disabled', true);
  fireEvent.change(body(), { target: { value: 'Dear {{applicant.name}}, sanctioned.' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Rejected' }));
  fireEvent.click(save);
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ template_id: 'SANCTIONED_SMS', verNum: 4 }));
  expect(api.save.mock.calls[0]?.[0]).toEqual({
    template_id: 'SANCTIONED_SMS',
    template_name: 'Sanctioned SMS',
    template_type: 'SMS',
    subject: null,
    body: 'Dear {{applicant.name}}, sanctioned.',
    translations: {},
    events: ['SANCTIONED', 'REJECTED'],
    baseVerNum: 3,
  });
});

it("shows the server's reasons at their fields, and a 409 as someone saving since", async () => {
  api.save.mockRejectedValueOnce(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'body', reason: 'unknown placeholder {{applicant.nmae}}' }],
    }),
  );
  mount(draftOf(stored, 3));
  fireEvent.change(body(), { target: { value: 'Dear {{applicant.nmae}}' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
  expect(await screen.findByText('unknown placeholder {{applicant.nmae}}')).toBeTruthy();
  expect(body().getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByTestId('template-status').textContent).toBe('1 problem to fix before saving');
  // Typing again drops what the server said about the text before.
  fireEvent.change(body(), { target: { value: 'Dear {{applicant.name}}' } });
  expect(screen.queryByText('unknown placeholder {{applicant.nmae}}')).toBeNull();
  api.save.mockRejectedValueOnce(new ApiError(409, { code: 409, message: 'Conflict' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'Someone saved another version of this template since you opened version 3',
  );
});

it('asks for the missing fields of a new template before it may be saved', () => {
  mount(newDraft('EMAIL'));
  expect(screen.getByTestId('template-status').textContent).toBe('4 problems to fix before saving');
  expect(screen.getByRole('button', { name: 'Save version 1' })).toHaveProperty('disabled', true);
  expect(screen.getByText('an e-mail needs a subject')).toBeTruthy();
  // An e-mail is sent on events; a PDF letter is not.
  expect(screen.getByText('Sent to the applicant when')).toBeTruthy();
});

it('previews the text on the picked application: an SMS with the parts it makes', async () => {
  api.preview.mockResolvedValue({
    kind: 'message',
    rendered: {
      subject: null,
      text: 'Dear Asha Rao, your loan is sanctioned.',
      html: null,
      smsSegments: { encoding: 'GSM-7', units: 39, segments: 1 },
    },
  });
  mount(draftOf(stored, 3));
  pickApplication('Asha');
  fireEvent.click(await screen.findByRole('option', { name: /PL-2026-000131/ }, { timeout: 3000 }));
  const preview = await screen.findByTestId('template-preview', {}, { timeout: 3000 });
  expect(
    await within(preview).findByText('Dear Asha Rao, your loan is sanctioned.', {}, { timeout: 3000 }),
  ).toBeTruthy();
  expect(within(preview).getByTestId('sms-segments').textContent).toBe('1 SMS (39 of 160 characters)');
  expect(search).toHaveBeenCalledWith('Asha', 0, 20);
  expect(api.preview).toHaveBeenCalledWith({
    applicationId: 'PL-2026-000131',
    template_type: 'SMS',
    subject: null,
    body: 'Dear , your loan is sanctioned.',
  });
});

it('shows why the preview cannot render', async () => {
  api.preview.mockRejectedValue(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'body', reason: 'unknown placeholder {{loan.emii}}' }],
    }),
  );
  mount(draftOf(stored, 3));
  pickApplication('PL');
  fireEvent.click(await screen.findByRole('option', { name: /PL-2026-000131/ }, { timeout: 3000 }));
  const alert = await screen.findByText(/^Cannot render:/, {}, { timeout: 3000 });
  expect(alert.textContent).toBe('Cannot render: body - unknown placeholder {{loan.emii}}');
});

it('reads a template without a way to change it', () => {
  mount(draftOf(stored, 3), true);
  expect(screen.getByText('Read only: only an operations admin changes templates.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Insert / })).toBeNull();
  expect(body().readOnly).toBe(true);
});
