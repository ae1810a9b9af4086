/**
 * The new token's value, shown once (§4, §9) with a note to save it now and a Copy button. It has
 * no close button and ignores Escape: it goes away only once copied (or, where the clipboard is
 * unavailable, once the user says it is saved), and then the value leaves memory and the DOM.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useControlStyles } from '../../ui/field-control';
import type { VisibleToken } from './store';

export interface SecretOnceProps {
  secret: VisibleToken;
  /** Called when the value may be forgotten. */
  onCleared(): void;
}

export function SecretOnce({ secret, onCleared }: SecretOnceProps) {
  useControlStyles();
  const { t } = useElement();
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const [mode, setMode] = useState<'copy' | 'manual'>('copy');

  // Keyboard and screen-reader users land on the value's action, not wherever the drawer left them.
  useEffect(() => {
    copyButton.current?.focus();
  }, []);

  const selectValue = () => {
    input.current?.focus();
    input.current?.select();
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(secret.value);
    } catch {
      // Insecure context, denied permission or an old browser: let the user copy it by hand.
      setMode('manual');
      selectValue();
      return;
    }
    toast.success(t('success.tokenCopied'));
    onCleared();
  };

  return (
    <div
      part="secret"
      className="yx-tokens-secret"
      role="group"
      aria-labelledby={`${id}title`}
      aria-describedby={`${id}note`}
      data-state={mode}
    >
      <p id={`${id}title`} part="secret-title" className="yx-tokens-secret__title">
        {t('tokens.secret.title', { name: secret.name })}
      </p>
      <p id={`${id}note`} part="secret-note" className="yx-tokens-secret__note">
        {t(mode === 'manual' ? 'tokens.secret.copyUnavailable' : 'tokens.secret.note')}
      </p>
      <div className="yx-tokens-secret__row">
        <input
          ref={input}
          part="secret-value"
          className="yx-input yx-tokens-secret__value"
          readOnly
          spellCheck={false}
          autoComplete="off"
          aria-label={t('tokens.secret.label', { name: secret.name })}
          value={secret.value}
          onFocus={(e) => e.currentTarget.select()}
        />
        {mode === 'copy' ? (
          <Button ref={copyButton} part="button copy-button" variant="primary" onClick={copy}>
            {t('tokens.secret.copy')}
          </Button>
        ) : (
          <Button part="button saved-button" variant="primary" onClick={onCleared}>
            {t('tokens.secret.done')}
          </Button>
        )}
      </div>
    </div>
  );
}
