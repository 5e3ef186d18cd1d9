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

const email: TemplateVersion = {
  ...stored,
  template_id: 'SANCTIONED',
  template_name: 'Loan sanctioned (e-mail)',
  template_type: 'EMAIL',
  subject: 'Your loan is sanctioned',
  body: '<p>Dear {{applicant.name}},</p>',
  translations: {
    hi: { subject: 'आपका ऋण स्वीकृत है', body: '<p>प्रिय {{applicant.name}},</p>' },
    mr: { subject: 'तुमचे कर्ज मंजूर', body: '<p>प्रिय {{applicant.name}},</p>' },
  },
};

function choose(select: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

it('adds a translation, asks for its body and saves it beside the English text', async () => {
  api.save.mockResolvedValue({ template_id: 'SANCTIONED_SMS', verNum: 4 });
  mount(draftOf(stored, 3));
  choose('Add a translation', 'Hindi');
  const hindi = screen.getByRole('textbox', { name: 'Hindi body' });
  expect(hindi.getAttribute('aria-invalid')).toBe('true');
  expect(within(screen.getByTestId('translation-hi')).getByText('is required')).toBeTruthy();
  expect(screen.getByTestId('template-status').textContent).toBe('1 problem to fix before saving');
  // An SMS has no subject, in any language.
  expect(screen.queryByRole('textbox', { name: /Hindi (subject|page title)/ })).toBeNull();
  fireEvent.change(hindi, { target: { value: 'प्रिय , आपका ऋण स्वीकृत है।' } });
  // The palette types into the body last focused: the translation's now.
  fireEvent.focus(hindi);
  (hindi as HTMLTextAreaElement).setSelectionRange(6, 6);
  fireEvent.click(screen.getByRole('button', { name: /^Insert applicant\.name:/ }));
  expect((hindi as HTMLTextAreaElement).value).toBe('प्रिय {{applicant.name}}, आपका ऋण स्वीकृत है।');
  expect(body().value).toBe(stored.body);
  expect(screen.getByTestId('template-status').textContent).toBe('Changes not saved');
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(api.save.mock.calls[0]?.[0]).toMatchObject({
    body: stored.body,
    translations: { hi: { subject: null, body: 'प्रिय {{applicant.name}}, आपका ऋण स्वीकृत है।' } },
  });
});

it("edits a translation's subject, removes another, and previews in the language picked", async () => {
  api.save.mockResolvedValue({ template_id: 'SANCTIONED', verNum: 4 });
  api.preview.mockResolvedValue({
    kind: 'message',
    rendered: { subject: 'स्वीकृत', text: 'प्रिय Asha Rao,', html: '<p>प्रिय Asha Rao,</p>', smsSegments: null },
  });
  mount(draftOf(email, 3));
  const subject = screen.getByRole('textbox', { name: 'Hindi subject' });
  fireEvent.change(subject, { target: { value: '' } });
  expect(subject.getAttribute('aria-invalid')).toBe('true');
  expect(within(screen.getByTestId('translation-hi')).getByText('an e-mail needs a subject')).toBeTruthy();
  fireEvent.change(subject, { target: { value: 'आपका {{application.product}} स्वीकृत' } });
  fireEvent.click(screen.getByRole('button', { name: 'Remove Marathi' }));
  expect(screen.queryByRole('textbox', { name: 'Marathi body' })).toBeNull();

  pickApplication('PL');
  fireEvent.click(await screen.findByRole('option', { name: /PL-2026-000131/ }, { timeout: 3000 }));
  choose('Preview in', 'Hindi');
  expect(
    await screen.findByTitle('Preview of SANCTIONED for PL-2026-000131 in Hindi', {}, { timeout: 3000 }),
  ).toBeTruthy();
  expect(api.preview).toHaveBeenLastCalledWith({
    applicationId: 'PL-2026-000131',
    template_type: 'EMAIL',
    subject: 'आपका {{application.product}} स्वीकृत',
    body: '<p>प्रिय {{applicant.name}},</p>',
    language: 'hi',
  });

  fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(api.save.mock.calls[0]?.[0]?.translations).toEqual({
    hi: { subject: 'आपका {{application.product}} स्वीकृत', body: '<p>प्रिय {{applicant.name}},</p>' },
  });
});

it("shows the server's placeholder problem in a translation at that translation's field", async () => {
  api.save.mockRejectedValueOnce(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'translations.hi.body', reason: 'unknown placeholder {{applicant.nmae}}' }],
    }),
  );
  mount(draftOf(email, 3));
  const hindi = screen.getByRole('textbox', { name: 'Hindi body' });
  fireEvent.change(hindi, { target: { value: '<p>प्रिय {{applicant.nmae}},</p>' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));
  expect(
    await within(screen.getByTestId('translation-hi')).findByText('unknown placeholder {{applicant.nmae}}'),
  ).toBeTruthy();
  expect(hindi.getAttribute('aria-invalid')).toBe('true');
  expect(body().getAttribute('aria-invalid')).toBe('false');
  expect(screen.getByTestId('template-status').textContent).toBe('1 problem to fix before saving');
});

it('reads translations without a way to change them', () => {
  mount(draftOf(email, 3), true);
  expect((screen.getByRole('textbox', { name: 'Hindi body' }) as HTMLTextAreaElement).readOnly).toBe(true);
  expect((screen.getByRole('textbox', { name: 'Hindi subject' }) as HTMLInputElement).readOnly).toBe(true);
  expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Add a translation' })).toBeNull();
});
