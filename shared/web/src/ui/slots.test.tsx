import type { RemoteSlot } from '@originate/contract';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { type SlotHost, SlotRendererContext, useSlot } from './slots';

function hostOf(filled: readonly RemoteSlot[], label: string): SlotHost & { renders: unknown[] } {
  const renders: unknown[] = [];
  return {
    renders,
    provides: (slot) => filled.includes(slot),
    render: (slot, props) => {
      renders.push({ slot, props });
      return <output>{`${label}:${slot}:${JSON.stringify(props)}`}</output>;
    },
  };
}

let mounts = 0;
function FormPage({ applicationId }: { applicationId: string }) {
  const FlowForm = useSlot('flowForm');
  useEffect(() => {
    mounts += 1;
  }, []);
  if (!FlowForm) return <p>The form cannot be shown here.</p>;
  return <FlowForm applicationId={applicationId} applicantType="primary" access="READ" />;
}

beforeEach(() => {
  mounts = 0;
});

describe('useSlot', () => {
  it('renders the slot through the host with the props the page gives', () => {
    const host = hostOf(['flowForm'], 'shell');
    render(
      <SlotRendererContext value={host}>
        <FormPage applicationId="APP-1" />
      </SlotRendererContext>,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'shell:flowForm:{"applicationId":"APP-1","applicantType":"primary","access":"READ"}',
    );
    expect(host.renders).toHaveLength(1);
  });

  it('is null when no remote fills the slot, and outside a host', () => {
    const { unmount } = render(
      <SlotRendererContext value={hostOf(['headerBell'], 'shell')}>
        <FormPage applicationId="APP-1" />
      </SlotRendererContext>,
    );
    expect(screen.getByText('The form cannot be shown here.')).toBeTruthy();
    unmount();
    render(<FormPage applicationId="APP-1" />);
    expect(screen.getByText('The form cannot be shown here.')).toBeTruthy();
  });

  it('keeps the slot mounted when the host is provided again, and renders through the new host', () => {
    const { rerender } = render(
      <SlotRendererContext value={hostOf(['flowForm'], 'first')}>
        <FormPage applicationId="APP-1" />
      </SlotRendererContext>,
    );
    const before = screen.getByRole('status');
    rerender(
      <SlotRendererContext value={hostOf(['flowForm'], 'second')}>
        <FormPage applicationId="APP-2" />
      </SlotRendererContext>,
    );
    expect(screen.getByRole('status')).toBe(before);
    expect(before.textContent).toContain('second:flowForm:{"applicationId":"APP-2"');
    expect(mounts).toBe(1);
  });
});
