import type { CreateTemplateBody } from '@originate/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { templateKeys } from './keys';
import { templatesApi } from './templates';
import { useSaveTemplate } from './useTemplates';

jest.mock('./templates', () => ({ templatesApi: { save: jest.fn() } }));

const body = { template_id: 'SANCTIONED', template_type: 'EMAIL' } as CreateTemplateBody;

let reads = 0;

/** A page that shows the template list and saves: the list's second read never answers. */
function Page({ onSaved }: { onSaved: () => void }) {
  useQuery({
    queryKey: templateKeys.list(['EMAIL']),
    queryFn: () => (++reads === 1 ? Promise.resolve([]) : new Promise<never>(() => {})),
  });
  const save = useSaveTemplate();
  return (
    <button type="button" onClick={() => save.mutate(body, { onSuccess: onSaved })}>
      Save
    </button>
  );
}

it('confirms a save at once, without waiting for the template list to be read again', async () => {
  // Waiting for the list let its new version replace the editor that saved, whose confirmation then never ran.
  jest.mocked(templatesApi.save).mockResolvedValue({ template_id: 'SANCTIONED', verNum: 2 });
  const onSaved = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Page onSaved={onSaved} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
});
