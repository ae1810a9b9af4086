/**
 * The interface language (§3 preferences, §4 locale): a select of 简体中文 / English. A change is
 * saved (PUT preferences), written to the `ak_user_locale` cookie, and the page reloads so every
 * element follows. With `no-reload` the element re-renders in the new language instead (through
 * its own `locale` attribute) and emits `yx-locale-change` for the host to do the rest.
 */
import { useState } from 'react';
import { useElement } from '../../ui/context';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/Toast';
import { setLocale } from '../../core/i18n/index';
import { LOCALES } from '../../core/settings';
import type { Locale } from '../../core/settings';
import type { ProfileApi } from './api';
import type { ProfileActions } from './store';
import { describeLanguageFailure } from './errors';

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
  // The select shows the choice at once; a failed save puts the saved value back.
  const [pending, setPending] = useState<Locale | null>(null);

  const change = async (next: Locale) => {
    if (pending || next === language) return;
    setPending(next);
    const [error] = await api.setLanguage(next);
    setPending(null);
    if (error) {
      toast.error(describeLanguageFailure(error, t).message);
      return;
    }
    actions.patch({ language: next });
    emit('yx-profile-update', { field: 'language' });
    if (!noReload) {
      setLocale(next, { reloader: () => reloader() });
      return;
    }
    setLocale(next, { reload: false });
    host.setAttribute('locale', next);
    emit('yx-locale-change', { locale: next });
  };

  return (
    <div part="language" className="yx-profile-row yx-profile-language" data-status={pending ? 'saving' : 'idle'}>
      <Field label={t('profile.language.title')} hint={noReload ? undefined : t('profile.language.reloadHint')}>
        <Select
          name="language"
          value={pending ?? language}
          aria-busy={pending ? true : undefined}
          options={LOCALES.map((locale) => ({ value: locale, label: t(`profile.language.${locale}`) }))}
          onChange={(event) => void change(event.target.value as Locale)}
        />
      </Field>
    </div>
  );
}
