// The flow engine: pure TypeScript (no React, no I/O) that the portal's renderers drive.
export { loadComponentConfigs, loadFlowConfig, loadPageRules } from './config';
export {
  cellKey,
  containerColumns,
  containerHeaders,
  isEditingDisabled,
  isFieldApplicable,
} from './fields';
export {
  addTableRow,
  type CellValue,
  createFormState,
  type FormOptions,
  type FormState,
  isFormValid,
  markDirty,
  removeTableRow,
  setFieldValue,
  setTableCell,
  submitCheck,
} from './form';
export {
  CUSTOM_PAGE_FALLBACK_ROUTE,
  canAddJointApplicant,
  type FlowContext,
  firstStep,
  flowSteps,
  isLastStep,
  nextStep,
  previousStep,
  progressKey,
  type Step,
  type StepRef,
  sameStep,
  stepByRoute,
} from './navigation';
export {
  componentStatus,
  type ProgressStatus,
  type SectionProgress,
  type StepperEntry,
  sectionPercent,
  sectionProgress,
  stepper,
} from './progress';
export {
  acceptAttribute,
  amountKeypressAllowed,
  amountKeyUp,
  counterStep,
  dateBounds,
  defaultValue,
  type FieldError,
  interestKeypressAllowed,
  MAX_UPLOAD_BYTES,
  numericBounds,
  OTP_WRONG_CODE_MESSAGE,
  parseDate,
  toNumber,
  uploadCheck,
  validateField,
} from './validation';
