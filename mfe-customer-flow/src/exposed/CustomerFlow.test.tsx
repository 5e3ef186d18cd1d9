import type { ProductDetailsAnswer } from '@originate/contract';
import { ENGINE_VERSION } from '@originate/flow-engine';
import { component, field, flow, hideRule, sub } from '@originate/flow-engine/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createDraftStore, type DraftRecord, indexedDbStore } from '../api/draftStore';
import { fetchComponents, fetchFlowConfig, fetchProductDetails, fetchRules } from '../api/flow';
import { StandaloneApp } from '../standalone/StandaloneApp';
import { useFieldView } from '../ui/fields/formStore';
import CustomerFlow from './CustomerFlow';

// The server's answers; the rest of the calls module is the real one.
jest.mock('../api/flow', () => ({
  ...jest.requireActual('../api/flow'),
  fetchProductDetails: jest.fn(),
  fetchFlowConfig: jest.fn(),
  fetchRules: jest.fn(async () => []),
  fetchComponents: jest.fn(),
  fetchFieldOptions: jest.fn(async () => []),
  translate: jest.fn(async () => ({})),
}));
// Every field's render reads its view once (useFieldView): counted, to bound the renders per keystroke.
jest.mock('../ui/fields/formStore', () => {
  const actual = jest.requireActual<typeof import('../ui/fields/formStore')>('../ui/fields/formStore');
  return { ...actual, useFieldView: jest.fn(actual.useFieldView) };
});
// This device's drafts, in memory (jsdom has no IndexedDB).
jest.mock('idb-keyval', () => {
  const data = new Map<string, unknown>();
  return {
    createStore: () => 'drafts',
    get: async (key: string) => data.get(key),
    set: async (key: string, value: unknown) => {
      data.set(key, value);
    },
    del: async (key: string) => {
      data.delete(key);
    },
  };
});

const FLOW = flow([{ section_id: 'about', sub_sections: [sub('you', { display_name: 'About you' })] }], {
  flowName: 'Personal loan',
});

function product(engineVersion: string): ProductDetailsAnswer {
  return {
    product_code: 'PL',
    product_name: 'Personal loan',
    description: 'A loan for anything',
    flowId: FLOW.flowId,
    verNum: FLOW.verNum,
    captcha: false,
    engineVersion,
  };
}

const ownMajor = Number(ENGINE_VERSION.split('.')[0]);

function inApp(children: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  jest.mocked(fetchFlowConfig).mockResolvedValue(FLOW);
  jest.mocked(fetchComponents).mockResolvedValue([component([field('full_name', 'text')], 'comp_you')]);
});

describe('the portal and the server on different engine majors', () => {
  it('asks the applicant to reload instead of showing the flow, and keeps their draft', async () => {
    const drafts = createDraftStore(indexedDbStore());
    const draft: DraftRecord = {
      productCode: 'PL',
      customFields: { full_name: 'Asha Rao' },
      jointApplicants: [],
      updatedAt: 1,
      unsynced: true,
    };
    await drafts.save(draft);
    jest.mocked(fetchProductDetails).mockResolvedValue(product(`${ownMajor + 1}.0.0`));

    inApp(<StandaloneApp />, '/newapplication?product=PL');

    const notice = await screen.findByRole('status', { name: 'This form was updated' });
    expect(notice.textContent).toContain('Reload the page to continue. What you have entered is kept on this device.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reload' }).disabled).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Personal loan' })).toBeNull();
    // The other engine's configuration is not read at all.
    expect(fetchFlowConfig).not.toHaveBeenCalled();
    expect(await drafts.latestForProduct('PL')).toEqual(draft);
  });

  it('shows the flow when only the minor and patch differ (inside the shell: the module alone)', async () => {
    jest.mocked(fetchProductDetails).mockResolvedValue(product(`${ownMajor}.999.7`));

    inApp(<CustomerFlow basename="/newapplication" />, '/newapplication?product=PL');

    expect(await screen.findByRole('heading', { name: 'Personal loan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    expect(screen.queryByText('This form was updated')).toBeNull();
  });
});

describe("a rule's target while the applicant types faster than the screen paints", () => {
  it('is on screen after each key exactly when the rule holds over the value in the input', async () => {
    jest.mocked(fetchProductDetails).mockResolvedValue(product(ENGINE_VERSION));
    jest
      .mocked(fetchComponents)
      .mockResolvedValue([
        component(
          [field('amount', 'text', { currency_field: true }, { label: 'Amount' }), field('bonus', 'text')],
          'comp_you',
        ),
      ]);
    // 'bonus' shows only while the amount equals 250000.
    jest
      .mocked(fetchRules)
      .mockResolvedValue([
        hideRule(
          'r1',
          { type: 'FIELD', key: 'bonus' },
          { operator: 'AND', list: [{ field: 'amount', operator: 'NOT_EQUAL', value: 250000 }] },
          'comp_you',
        ),
      ]);

    inApp(<CustomerFlow basename="/newapplication" />, '/newapplication?product=PL');
    const amount = await screen.findByLabelText<HTMLInputElement>('Amount');
    const bonusShown = () => {
      const bonus = document.getElementById('field-bonus');
      return bonus !== null && bonus.closest('[hidden]') === null;
    };
    expect(bonusShown()).toBe(false);
    amount.focus();
    // Each key is handled (act: React renders what the key's event asked for) with no frame painted
    // between keys: the screen's own publish after a frame never runs in between.
    const shown = ['2', '25', '250', '2500', '25000', '250000', '25000', '250000'].map((value) => {
      act(() => {
        fireEvent.change(amount, { target: { value } });
      });
      return [value, bonusShown()];
    });
    expect(shown).toEqual([
      ['2', false],
      ['25', false],
      ['250', false],
      ['2500', false],
      ['25000', false],
      ['250000', true],
      ['25000', false],
      ['250000', true],
    ]);
  });
});

describe('renders per keystroke', () => {
  it('re-renders the field typed into and the fields its value changes, not the rest of the step', async () => {
    jest.mocked(fetchProductDetails).mockResolvedValue(product(ENGINE_VERSION));
    const plain = Array.from({ length: 30 }, (_, i) => field(`plain${i}`, 'text', {}, { label: `Plain ${i}` }));
    jest.mocked(fetchComponents).mockResolvedValue([
      component(
        [
          field('amount', 'text', { currency_field: true }, { label: 'Amount' }),
          // A chain of three formulas over the amount: each changes with every key.
          field('calc0', 'text', { currency_field: true }, { formulas: { expression: 'amount * 2' } }),
          field('calc1', 'text', { currency_field: true }, { formulas: { expression: 'calc0 + 1' } }),
          field('calc2', 'text', { currency_field: true }, { formulas: { expression: 'calc1 + 1' } }),
          field('bonus', 'text'),
          ...plain,
        ],
        'comp_you',
      ),
    ]);
    jest
      .mocked(fetchRules)
      .mockResolvedValue([
        hideRule(
          'r1',
          { type: 'FIELD', key: 'bonus' },
          { operator: 'AND', list: [{ field: 'amount', operator: 'LESS_THAN', value: 100 }] },
          'comp_you',
        ),
      ]);
    inApp(<CustomerFlow basename="/newapplication" />, '/newapplication?product=PL');
    const amount = await screen.findByLabelText<HTMLInputElement>('Amount');
    await screen.findByLabelText('Plain 29');
    // The first screen's slices and statuses settle before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    amount.focus();
    const rendersOf = async (value: string) => {
      jest.mocked(useFieldView).mockClear();
      await act(async () => {
        fireEvent.change(amount, { target: { value } });
        // The key's consequences render after its frame (afterPaint's fallback at the latest).
        await new Promise((resolve) => setTimeout(resolve, 400));
      });
      return jest.mocked(useFieldView).mock.calls.length;
    };
    const renders: [string, number][] = [];
    for (const value of ['5', '50', '500', '5000']) renders.push([value, await rendersOf(value)]);
    // The amount and the three formulas per key; 'bonus' too when it hides ('5') or shows again ('500').
    expect(renders).toEqual([
      ['5', 5],
      ['50', 4],
      ['500', 5],
      ['5000', 4],
    ]);
  });
});
