/**
 * A read-only value with a Copy button, and for a secret a Show toggle: the username, and the
 * password a reset just returned. Copying uses the async clipboard; where that is unavailable
 * (insecure context, denied permission) the value is revealed and selected so one shortcut
 * copies it, and a note says so.
 */
import { useId, useRef, useState } from 'react';
import type { Ref, RefObject } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { setRef, useControlStyles } from '../../ui/field-control';
import { useToast } from '../../ui/Toast';

export interface SecretFieldProps {
  /** The visible label ('Username', 'New password'). */
  label: string;
  value: string;
  /** Masked until the user asks to see it. @default false */
  secret?: boolean;
  /** The field's name, also its `part` prefix: `<name>-value`, `<name>-copy`. */
  name: string;
  /** The Copy button's accessible name ('Copy username'). */
  copyLabel: string;
  /** Said (as a toast) once the value is on the clipboard. */
  copiedMessage: string;
  /** After a successful copy, or once the value is selected for copying by hand. */
  onCopied?(how: 'clipboard' | 'manual'): void;
  copyButtonRef?: Ref<HTMLButtonElement>;
}

export function SecretField({
  label,
  value,
  secret = false,
  name,
  copyLabel,
  copiedMessage,
  onCopied,
  copyButtonRef,
}: SecretFieldProps) {
  useControlStyles();
  const { t } = useElement();
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  const [manual, setManual] = useState(false);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
    } catch {
      // A password field refuses Ctrl+C: show the value before selecting it.
      setShown(true);
      setManual(true);
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.select();
      });
      onCopied?.('manual');
      return;
    }
    setManual(false);
    toast.success(copiedMessage);
    onCopied?.('clipboard');
  };

  return (
    <div part={`field ${name}-field`} className="yx-pkg-field" data-state={manual ? 'manual' : undefined}>
      <label part="label" className="yx-field__label" htmlFor={`${id}value`}>
        {label}
      </label>
      <div className="yx-pkg-field__row">
        <input
          ref={input}
          id={`${id}value`}
          name={name}
          part={`input ${name}-value`}
          className="yx-input yx-pkg-field__value"
          type={secret && !shown ? 'password' : 'text'}
          readOnly
          spellCheck={false}
          autoComplete="off"
          value={value}
          aria-describedby={`${id}status`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {secret && (
          <Button
            part="button reveal-button"
            aria-pressed={shown}
            aria-controls={`${id}value`}
            onClick={() => setShown((s) => !s)}
          >
            <svg className="yx-pkg-eye" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {shown ? null : <path d="M4 4l16 16" />}
            </svg>
            {t('packages.secret.show')}
          </Button>
        )}
        <Button
          ref={(node) => setRef(copyButtonRef, node)}
          part={`button copy-button ${name}-copy`}
          variant={secret ? 'primary' : 'secondary'}
          aria-label={copyLabel}
          onClick={() => void copy()}
        >
          {t('packages.copy')}
        </Button>
      </div>
      <p id={`${id}status`} role="status" part="copy-status" className="yx-pkg-field__status">
        {manual ? t('packages.copyManual') : ''}
      </p>
    </div>
  );
}

export interface SecretPanelProps {
  password: string;
  copyButtonRef: RefObject<HTMLButtonElement | null>;
  onDone(): void;
}

/** The password a reset returned, shown once: Done appears once it has been copied. */
export function SecretPanel({ password, copyButtonRef, onDone }: SecretPanelProps) {
  const { t } = useElement();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div
      part="secret"
      className="yx-pkg-secret"
      role="group"
      aria-labelledby={`${id}title`}
      aria-describedby={`${id}note`}
      data-state={copied ? 'copied' : 'new'}
    >
      <p id={`${id}title`} part="secret-title" className="yx-pkg-secret__title">
        {t('packages.secret.title')}
      </p>
      <p id={`${id}note`} part="secret-note" className="yx-pkg-secret__note">
        {t('packages.secret.note')}
      </p>
      <SecretField
        label={t('packages.secret.label')}
        value={password}
        secret
        name="password"
        copyLabel={t('packages.copyPassword')}
        copiedMessage={t('packages.passwordCopied')}
        copyButtonRef={copyButtonRef}
        onCopied={() => setCopied(true)}
      />
      {copied && (
        <div className="yx-pkg-actions">
          <Button part="button done-button" onClick={onDone}>
            {t('packages.secret.done')}
          </Button>
        </div>
      )}
    </div>
  );
}
