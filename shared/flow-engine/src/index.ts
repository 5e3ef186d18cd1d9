// The flow engine: pure TypeScript (no React, no DOM, no I/O) that the portal's renderers drive and
// mock-server's submit checks run. Only what they (and the bench) use is exported here.
export { loadComponentConfigs, loadFlowConfig, loadPageRules, optionRequests } from './config';
export {
  cellKey,
  containerColumns,
  containerHeaders,
  isEditingDisabled,
} from './fields';
export {
  addTableRow,
  type CellValue,
  changedFields,
  createFormState,
  type FormOptions,
  type FormState,
  markDirty,
  removeTableRow,
  setFieldValue,
  setTableCell,
  shownValue,
  submitCheck,
} from './form';
export { errorSummaryTitle, submitMessage } from './messages';
export {
  canAddJointApplicant,
  type FlowContext,
  firstStep,
  flowSteps,
  nextStep,
  previousStep,
  progressKey,
  type Step,
  type StepRef,
  sameStep,
} from './navigation';
export {
  componentStatus,
  type ProgressStatus,
  type StepperEntry,
  sectionProgress,
  stepper,
} from './progress';
export {
  acceptAttribute,
  counterStep,
  dateBounds,
  type FieldError,
  numericBounds,
  numericStep,
  OTP_WRONG_CODE_MESSAGE,
  parseDate,
  toNumber,
  uploadCheck,
  uploadTypesText,
} from './validation';
export { ENGINE_VERSION } from './version';
