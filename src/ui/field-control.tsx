/**
 * The link between a Field and its control: the Field's id and ARIA wiring, shared through
 * context. On its own so that controls used without the whole form kit (the page size select
 * of Pagination) do not bring Field along.
 */
import { createContext, useContext } from 'react';
import type { ReactNode, Ref } from 'react';
import { controlsCss } from './css/controls';
import { useStyles } from './css/use-styles';

export interface FieldState {
  id: string;
  label: ReactNode;
  describedBy: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
  required: boolean;
  group: boolean;
}

export const FieldContext = createContext<FieldState | null>(null);

export const join = (...ids: Array<string | undefined>) => ids.filter(Boolean).join(' ') || undefined;
export const cls = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);
export const RequiredMark = () => (
  <span className="yx-field__required" part="required" aria-hidden="true">
    *
  </span>
);

interface ControlAria {
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-errormessage'?: string;
}

/** The id and ARIA wiring of the control inside the nearest Field, merged with the control's own
 * props (its own `id` wins, descriptions add up). Custom controls use it to join a Field. */
export function useFieldControl(own: ControlAria) {
  useControlStyles();
  const field = useContext(FieldContext);
  const invalid = Boolean(field?.invalid) || own['aria-invalid'] === true || own['aria-invalid'] === 'true';
  return {
    id: own.id ?? field?.id,
    'aria-describedby': join(field?.describedBy, own['aria-describedby']),
    'aria-invalid': invalid || undefined,
    'aria-errormessage': field?.errorId ?? own['aria-errormessage'],
    // aria-required rather than `required`: the native bubble would speak the browser's language
    // and pre-empt the form's own messages.
    'aria-required': own.required || field?.required || undefined,
  };
}

export function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** Adopts the fields' and controls' sheet into the element: every control does, and so must a
 * component that borrows their classes (`yx-input`, `yx-field__error`, …) without them. Pages
 * with no form never download it. */
export function useControlStyles(): void {
  useStyles(controlsCss);
}
