// What every renderer takes: the field, its value and shown error (the engine computes errors for every
// field; the form decides which are shown), and callbacks. Renderers hold no rules of their own.

import type { FieldConfig, FieldOptions, FieldValue } from '@originate/contract';
import type { FieldError, FormState } from '@originate/flow-engine';

export interface FieldRendererProps {
  field: FieldConfig;
  /** The label to show (translated when a language is chosen). */
  label: string;
  value: FieldValue | undefined;
  /** The error to show now, if any. */
  error?: FieldError;
  readOnly: boolean;
  /**
   * The applicant changed the value. `shown` says the control already shows it (an input the browser
   * edits itself): the keystroke then needs no render of its own.
   */
  onChange(value: FieldValue, shown?: 'shown'): void;
  /** The field was left: its error may show, and a blur microflow may run. */
  onBlur(): void;
  /** Dropdown and radio options. */
  options?: FieldOptions['values'];
}

/** The form as the renderers see it: the engine's state plus what to do on each input. */
export interface FormBinding {
  state: FormState;
  /**
   * What the functions below read besides `state`: a binding whose entries are the same as the previous
   * one's answers as it did for every field whose part of the state is unchanged (formStore then tells
   * only the changed fields). Without it, every field hears of every binding.
   */
  context?: readonly unknown[];
  /** The error to show for a field or cell key (the engine computes all; shown once dirty). */
  shownError(key: string): FieldError | undefined;
  label(field: FieldConfig): string;
  translate(text: string): string;
  optionsOf(field: FieldConfig): FieldOptions['values'] | undefined;
  readOnly(key: string): boolean;
  /** A value set by the applicant: the engine takes it at once, its consequences render with the key's frame or the next. */
  setValue(key: string, value: FieldValue): void;
  blur(key: string): void;
  setCell(containerKey: string, row: number | 'headers', key: string, value: FieldValue): void;
  blurCell(containerKey: string, row: number | 'headers', key: string): void;
  addRow(containerKey: string): boolean;
  removeRow(containerKey: string, row: number): void;
  /** Runs the field's button microflow. */
  runMicroflow?(field: FieldConfig): void;
  /** Keys a VERIFY_FIELDS action marked: true verified, false failed. */
  verified(key: string): boolean | undefined;
}

/** The DOM id of a field's focusable control: how the form moves focus to the first invalid field. */
export function fieldDomId(key: string): string {
  return `field-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function helperId(key: string): string {
  return `${fieldDomId(key)}-helper`;
}

/** 'PAN is invalid' for the engine's bare reasons; whole sentences stay as they are. */
export function errorText(label: string, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return error.message.startsWith('is ') ? `${label} ${error.message}` : error.message;
}

/** A value as a text input shows it: strings and numbers as they are, anything else as empty. */
export function inputText(value: FieldValue | undefined): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
