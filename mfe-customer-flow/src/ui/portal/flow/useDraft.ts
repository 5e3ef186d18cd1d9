// The applicant's draft on this device: written (debounced) whenever the session's newest state changes,
// flushed when the page hides.
import { showToast } from '@originate/web';
import { useEffect, useMemo } from 'react';
import { createDebouncedWriter, type DraftStore } from '../../../api/draftStore';
import type { FlowSession } from '../../../domain/flowSession';

export function useDraft(drafts: DraftStore | null, productCode: string, session: FlowSession): void {
  const writer = useMemo(
    () =>
      drafts
        ? createDebouncedWriter(drafts, () => showToast('This device could not keep a copy of your changes', 'warning'))
        : null,
    [drafts],
  );

  useEffect(() => {
    if (!writer) return;
    return session.subscribeChanges((unsynced) => {
      const l = session.current();
      writer.write({
        productCode,
        applicationId: l.application?.application_id,
        resumeToken: l.resumeToken,
        customFields: l.values,
        jointApplicants: l.joint,
        section_id: l.step?.section_id,
        sub_section_id: l.step?.sub_section_id,
        jointIndex: l.step?.jointIndex,
        serverModTime: l.application?.mod_time,
        updatedAt: Date.now(),
        unsynced,
      });
    });
  }, [writer, productCode, session]);

  // Keep the draft when the page hides (tab closed, app switched): nothing typed is lost.
  useEffect(() => {
    if (!writer) return;
    const onHide = () => void writer.flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void writer.flush();
    };
  }, [writer]);
}
