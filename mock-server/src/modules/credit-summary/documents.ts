// The product's document list as the credit summary counts it: every upload field of the application's flow, each
// required only when the application would have to give it. Which fields apply and which page rules hide them is the
// flow engine's own reading of the form (the portal's and the submit check's), never a second evaluator: Form 60 is
// required only when there is no PAN.
import { createFormState, flowSteps } from '@originate/flow-engine';
import { HttpError } from '../../http/errors';
import type { AppContext } from '../../platform/context';
import { flowOfApplication, type StoredApplication } from '../applications';

interface ListedDocument {
  fieldKey: string;
  label: string;
  required: boolean;
}

/** The flow's upload fields, in the flow's order; none when the application has no flow. */
export async function documentList(ctx: AppContext, stored: StoredApplication): Promise<ListedDocument[]> {
  const flow = await flowOfApplication(ctx, stored).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  });
  if (!flow) return [];
  const { doc } = flow;
  const context = {
    applicantType: 'primary' as const,
    existingCustomer: doc.existing_or_new_customer === 'existing',
    jointApplicants: doc.jointApplicants.map(({ applicantId, applicantType }) => ({ applicantId, applicantType })),
  };
  // Mandatory uploads on a step the application walks, applicable to whom the step is about and not hidden by a
  // page rule on that applicant's values: a guarantor's upload only when there is a guarantor.
  const required = new Set<string>();
  for (const step of flowSteps(flow.flow, context)) {
    const component = flow.components.get(step.componentId);
    if (!component) continue;
    const joint = step.jointIndex === undefined ? undefined : doc.jointApplicants[step.jointIndex];
    const state = createFormState(component, joint ? joint.customFields : doc.customFields, {
      applicantType: step.applicant.type,
      access: 'READ',
      editable: false,
      rules: flow.rules,
      options: flow.options,
      today: ctx.now(),
    });
    for (const field of state.fields) {
      const details = field.field_type_details;
      if (details.type === 'file_upload' && details.mandatory === true && !state.hidden.has(field.key)) {
        required.add(field.key);
      }
    }
  }
  const uploads = [...flow.components.values()]
    .flatMap((c) => c.fields)
    .filter((f) => f.field_type_details.type === 'file_upload');
  return [...new Map(uploads.map((f) => [f.key, f])).values()].map((f) => ({
    fieldKey: f.key,
    label: f.label,
    required: required.has(f.key),
  }));
}
