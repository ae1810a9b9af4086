/**
 * A day picker for expiry dates (§5): a native `<input type="date">` (accessible, localised by the
 * browser) whose `min` keeps past days out of the calendar, plus optional preset lifetimes.
 */
import { forwardRef, useId, useState } from 'react';
import { EXPIRY_PRESETS, formatDate, presetExpiryDay } from '../core/dates';
import { useT } from './context';
import { useFieldControl } from './field-control';
import { RadioGroup } from './RadioGroup';
import { dateCss } from './css/date';
import { useStyles } from './css/use-styles';

const CUSTOM = 'custom';
/** The group's value while nothing is chosen: no preset, no day (RadioGroup checks none). */
const NONE = '';

export interface DateInputProps {
  /** The chosen day as 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Called with a day on or after `min`, or '' (cleared, incomplete, or a past day typed). */
  onChange(value: string): void;
  /** Shows preset lifetimes as a segmented group before the input: `true` for 7/30/60/90 days,
   * or a list of day counts. A "Custom" option keeps the typed day; with no day yet, no option is
   * chosen. @default false */
  presets?: boolean | readonly number[];
  /** The earliest day allowed, 'YYYY-MM-DD'. @default today */
  min?: string;
  /** The clock, injectable for tests. @default () => new Date() */
  now?: () => Date;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

/** The day field of the token form, `part="date-input"`, `data-status` invalid when a past day
 * was typed (it is then not passed on, and a message says why). The presets use
 * {@link presetExpiryDay}, so "30 days" is the same day the server expects.
 * @example <Field label={t('tokens.form.expiry')} error={error} required><DateInput value={day} onChange={setDay} presets /></Field> */
export const DateInput = /* @__PURE__ */ forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { value, onChange, presets = false, min, now = () => new Date(), name, required, disabled, className, ...rest },
  ref,
) {
  const t = useT();
  const errorId = useId();
  const hintId = useId();
  const earliest = min ?? formatDate(now());
  // A typed past day stays on screen (so the user sees what is wrong) but is never passed on.
  // While the parent holds '' for it, we show it; any real value from the parent wins.
  const [rejected, setRejected] = useState<string | null>(null);
  const shown = value !== '' ? value : (rejected ?? '');
  const invalid = value === '' && rejected !== null;
  const days = presets === true ? EXPIRY_PRESETS : presets || [];
  const presetFor = (day: string) => days.find((n) => presetExpiryDay(n, now()) === day);
  // The preset the starting day is, "Custom" for a day of its own, and nothing for no day: an
  // empty field under a highlighted "Custom" would look like a choice the user never made.
  const [mode, setMode] = useState<string>(() => {
    if (value === '') return NONE;
    const n = presetFor(value);
    return n !== undefined ? String(n) : CUSTOM;
  });
  const control = useFieldControl({
    ...rest,
    required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : value && hintId,
  });
  // After the text inputs' sheet (adopted by useFieldControl), which it refines.
  useStyles(dateCss);

  const pick = (day: string) => {
    // Same-length 'YYYY-MM-DD' strings compare as dates.
    if (day !== '' && day < earliest) {
      setRejected(day);
      onChange('');
    } else {
      setRejected(null);
      onChange(day);
    }
  };

  return (
    <div
      part="date-input"
      className={className ? `yx-date ${className}` : 'yx-date'}
      data-status={invalid ? 'invalid' : undefined}
    >
      {days.length > 0 && (
        <RadioGroup
          variant="segmented"
          legend={t('ui.date.presets')}
          hideLegend
          disabled={disabled}
          value={mode}
          onChange={(next) => {
            setMode(next);
            if (next !== CUSTOM) pick(presetExpiryDay(Number(next), now()));
          }}
          options={[
            ...days.map((n) => ({ value: String(n), label: t('ui.date.presetDays', { n }) })),
            { value: CUSTOM, label: t('ui.date.custom') },
          ]}
        />
      )}
      <input
        ref={ref}
        type="date"
        part="input"
        className="yx-input yx-date__input"
        name={name}
        disabled={disabled}
        min={earliest}
        value={shown}
        {...control}
        aria-errormessage={invalid ? errorId : control['aria-errormessage']}
        data-status={control['aria-invalid'] ? 'invalid' : undefined}
        onChange={(event) => {
          setMode(CUSTOM);
          pick(event.target.value);
        }}
      />
      {invalid && (
        <div part="date-error" className="yx-field__error" id={errorId} role="alert">
          {t('validation.expiry.past')}
        </div>
      )}
      {/* The day as the product writes dates (YYYY-MM-DD): the field shows it in the browser's
          own format, whatever the interface language. */}
      {value && (
        <div part="date-hint" className="yx-field__hint" id={hintId}>
          {t('validation.expiry.on', { day: value })}
        </div>
      )}
    </div>
  );
});
