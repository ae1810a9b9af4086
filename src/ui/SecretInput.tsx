/**
 * A password input with a show/hide toggle (`part="password-toggle"`, `aria-pressed` while the
 * text is shown), for every screen where a password is typed: sign-in, forced change, reset and
 * the profile's password card (in its own classes, parts and toggle name).
 */
import { useState } from 'react';
import type { Ref } from 'react';
import { useT } from './context';
import { Button } from './Button';
import { Input } from './Field';
import { useStyles } from './css/use-styles';
import { secretCss } from './css/secret';

export interface SecretInputProps {
  name: string;
  value: string;
  autoComplete: string;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string | undefined;
  onChange(value: string): void;
  onBlur?(): void;
  /** The wrapper's class; the toggle's is this with `__toggle`, for a screen with a look of its
   * own (the profile's password card). @default 'yx-secret' */
  className?: string;
  /** The toggle's parts: 'button password-toggle' on the sign-in screens, the profile's own on its
   * card. Given by each caller, so the element that renders the toggle documents its part. */
  togglePart: string;
  /** The toggle's accessible name. @default 'Show password' (`ui.password.show`) */
  toggleLabel?: string;
}

/** @example <SecretInput name="password" autoComplete="current-password" value={v} onChange={setV}
 * togglePart="button password-toggle" /> */
export function SecretInput(props: SecretInputProps) {
  useStyles(secretCss);
  const t = useT();
  const [shown, setShown] = useState(false);
  const className = props.className ?? 'yx-secret';
  return (
    <span className={className}>
      <Input
        ref={props.inputRef}
        name={props.name}
        type={shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        spellCheck={false}
        value={props.value}
        aria-describedby={props.describedBy}
        onBlur={props.onBlur}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <Button
        part={props.togglePart}
        variant="text"
        size="sm"
        className={`${className}__toggle`}
        aria-pressed={shown}
        aria-label={props.toggleLabel ?? t('ui.password.show')}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-state={shown ? 'shown' : 'hidden'}>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown ? null : <path d="M4 4l16 16" />}
        </svg>
      </Button>
    </span>
  );
}
