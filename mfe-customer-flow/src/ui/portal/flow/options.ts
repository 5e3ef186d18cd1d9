// What a flow screen is given, and the engine form of a step under it.

import type {
  ApplicantType,
  FieldAccessViewer,
  FieldConfig,
  FlowApplication,
  FormValues,
  JointApplicant,
} from '@originate/contract';
import { createFormState, type Step } from '@originate/flow-engine';
import { useCallback } from 'react';
import type { DraftStore } from '../../../api/draftStore';
import type { FlowSetup } from '../../../api/loadFlow';
import { type FormFactory, valuesOf } from '../../../domain/flowModel';

export interface FlowOptions {
  /** Applicants save through the consumer route with their own session; staff through the user route. */
  role: 'applicant' | 'staff';
  applicantType: ApplicantType;
  access: 'WRITE' | 'READ';
  editable: boolean;
  /** The staff user filling the form, for field access control (the engine's FormOptions.viewer); applicants none. */
  viewer?: FieldAccessViewer | null;
  lang?: string;
  /** Texts the configuration gives that the server did not translate (section names, headings). */
  translate(text: string): string;
  /** A field's label in the chosen language. */
  labelOf(field: FieldConfig): string;
  /** Applicants' drafts on this device (none for staff). */
  drafts: DraftStore | null;
  /** The captcha solution sent with the first save. */
  captchaResponse?: string;
  /** Only these steps (FlowForm shows one applicant type's). */
  stepFilter?: (step: Step) => boolean;
  /** Called when the server accepted the submit, before the screen says so. */
  onSubmitted?(application: FlowApplication): void;
  onSaved?(): void;
}

/** A step's form over the given values: the engine with the screen's access, viewer, rules and options. */
export function useFormFor(setup: FlowSetup, opts: FlowOptions): FormFactory {
  const { components, rules, options } = setup;
  return useCallback(
    (s: Step, v: FormValues, j: readonly JointApplicant[]) => {
      const component = components.get(s.componentId);
      if (!component) return null;
      return createFormState(component, valuesOf(s, v, j), {
        applicantType: s.applicant.type,
        access: opts.access,
        editable: opts.editable,
        viewer: opts.viewer,
        rules,
        options,
        today: new Date(),
      });
    },
    [components, rules, options, opts.access, opts.editable, opts.viewer],
  );
}
