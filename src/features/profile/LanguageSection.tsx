/**
 * The interface language (§3 preferences, §4 locale): a select of 简体中文 / English and, once
 * another language is chosen in it, a Switch language button that applies the choice. The switch
 * is saved (PUT preferences), written to the `ak_user_locale` cookie, and the page reloads so
 * every element follows. With `no-reload` the element re-renders in the new language instead
 * (through its own `locale` attribute) and emits `yx-locale-change` for the host to do the rest.
 */
import { useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/Toast';
import { setLocale } from '../../core/i18n/index';
import { LOCALES } from '../../core/settings';
import type { Locale } from '../../core/settings';
import type { ProfileApi } from './api';
import type { ProfileActions } from './store';
import { languageFailure } from './failures';

const defaultReload = () => location.reload();
let reloader: () => void = defaultReload;

/** Replaces how the page reloads after a language switch (tests, hosts with their own router);
 * `null` restores `location.reload()`. Returns a function that puts back the previous one.
 * @example const restore = setProfileReloader(() => router.refresh()); */
export function setProfileReloader(next: (() => void) | null): () => void {
  const previous = reloader;
  reloader = next ?? defaultReload;
  return () => {
    reloader = previous;
  };
}

export interface LanguageSectionProps {
  language: Locale;
  api: ProfileApi;
  actions: ProfileActions;
  noReload: boolean;
}

export function LanguageSection({ language, api, actions, noReload }: LanguageSectionProps) {
  const { t, host, emit } = useElement();
  const toast = useToast();
  const selectRef = useRef<HTMLSelectElement>(null);
  // The select only holds a choice (null: the language in force); the button applies it. Chromium
  // fires `change` on every arrow key of a closed select, and a change of context must not follow
  // a mere change of value (WCAG 3.2.2): one key press would reload the page in another language.
  const [choice, setChoice] = useState<Locale | null>(null);
  // 'reloading' keeps the button busy until the page goes away.
  const [status, setStatus] = useState<'idle' | 'saving' | 'reloading'>('idle');
  const chosen = choice ?? language;
  const changed = chosen !== language;

  // Applying (or failing to) removes the button with the choice: focus goes back to the select.
  const settle = () => {
    setChoice(null);
    selectRef.current?.focus();
  };

  const apply = async () => {
    if (status !== 'idle' || !changed) return;
    setStatus('saving');
    const [error] = await api.setLanguage(chosen);
    if (error) {
      const message = await languageFailure(error, t);
      setStatus('idle');
      toast.error(message);
      settle();
      return;
    }
    actions.patch({ language: chosen });
    emit('yx-profile-update', { field: 'language' });
    if (!noReload) {
      setStatus('reloading');
      setLocale(chosen, { reloader: () => reloader() });
      return;
    }
    setStatus('idle');
    setLocale(chosen, { reload: false });
    host.setAttribute('locale', chosen);
    emit('yx-locale-change', { locale: chosen });
    settle();
  };

  return (
    <div part="language" className="yx-profile-row yx-profile-language" data-status={status}>
      <Field label={t('profile.language.title')} hint={noReload ? undefined : t('profile.language.reloadHint')}>
        <span className="yx-profile-actions">
          <Select
            ref={selectRef}
            name="language"
            value={chosen}
            aria-busy={status === 'idle' ? undefined : true}
            options={LOCALES.map((locale) => ({ value: locale, label: t(`profile.language.${locale}`) }))}
            onChange={(event) => {
              if (status === 'idle') setChoice(event.target.value as Locale);
            }}
          />
          {changed && (
            <Button
              part="button switch-language-button"
              variant="primary"
              loading={status !== 'idle'}
              onClick={() => void apply()}
            >
              {t('profile.language.switch')}
            </Button>
          )}
        </span>
      </Field>
    </div>
  );
}
