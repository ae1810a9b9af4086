/**
 * The add / edit form of an SSH key: title (prefilled from the key's comment), the key with live
 * validation and a fingerprint preview computed in the browser, the scope and an optional expiry.
 * Editing changes title, scope and expiry only; the key is shown read-only with its fingerprint.
 */
import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Field, Input } from '../../ui/Field';
import { TextArea } from '../../ui/TextArea';
import { Checkbox } from '../../ui/Choice';
import { RadioGroup } from '../../ui/RadioGroup';
import { DateInput } from '../../ui/DateInput';
import { endOfDayMinus2s, formatDate } from '../../core/dates';
import type { SshKey, SshKeyScope, SshKeysApi } from './api';
import { describeFailure } from './errors';
import type { SshKeyField } from './errors';
import { fingerprintOfBlob, parsePublicKey, splitKeyLine } from './fingerprint';
import { checkPublicKey, expiryProblem, say, titleProblem } from './key-check';
import { SshKeyHelp } from './SshKeyHelp';

export type SshKeyFormMode = 'create' | 'edit';

/** How long typing must pause before the key's message shows (a blur shows it at once). */
export const KEY_CHECK_DELAY_MS = 400;

export interface SshKeyFormValues {
  title: string;
  key: string;
  scope: SshKeyScope;
  never: boolean;
  /** 'YYYY-MM-DD' or '' */
  day: string;
}

/** What a successful save reports to the screen around the form. */
export type SshKeySaveOutcome = { mode: 'create'; key: SshKey } | { mode: 'edit'; id: string };

/** Form state, live validation, the fingerprint preview and submission for one drawer. */
export function useSshKeyForm(options: {
  mode: SshKeyFormMode;
  sshKey?: SshKey | undefined;
  api: SshKeysApi;
  onSaved(outcome: SshKeySaveOutcome): void;
}) {
  const { mode, sshKey, api, onSaved } = options;
  const { t } = useElement();
  const [values, setValues] = useState<SshKeyFormValues>(() => ({
    title: sshKey?.title ?? '',
    key: sshKey?.key ?? '',
    scope: sshKey?.scope ?? 'all',
    never: sshKey ? sshKey.expires_at === null : true,
    day: sshKey?.expires_at ? formatDate(sshKey.expires_at) : '',
  }));
  // The title follows the key's comment until the user types a title of their own.
  const [titleFromComment, setTitleFromComment] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<SshKeyField>>(new Set());
  // The key text as of the last pause in typing (or blur, or paste); null until the first one.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SshKeyField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');
  const [preview, setPreview] = useState<{ text: string; fingerprint: string | null } | null>(null);

  useEffect(() => {
    if (mode !== 'create' || values.key === settledKey || !touched.has('key')) return;
    const timer = setTimeout(() => setSettledKey(values.key), KEY_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mode, values.key, settledKey, touched]);

  useEffect(() => {
    if (mode !== 'create') return;
    const parsed = parsePublicKey(values.key);
    if (!parsed.ok) return;
    let current = true;
    const text = values.key;
    void fingerprintOfBlob(parsed.key.blob).then(
      (fingerprint) => current && setPreview({ text, fingerprint }),
      () => current && setPreview({ text, fingerprint: null }),
    );
    return () => {
      current = false;
    };
  }, [mode, values.key]);

  const keyMessage = mode === 'create' ? checkPublicKey(values.key) : undefined;
  // An expiry left on its day keeps the stored instant (it may not be 23:59:57 local time) and is
  // not judged again: a key that has expired since can still be renamed or re-scoped.
  const unchangedDay = Boolean(sshKey?.expires_at && values.day === formatDate(sshKey.expires_at));
  const clientErrors: Partial<Record<SshKeyField, string>> = {
    title: say(t, titleProblem(values.title)),
    key: say(t, keyMessage),
    expires_at: values.never || unchangedDay ? undefined : say(t, expiryProblem(values.day)),
  };
  // While typing, a key's message waits for a pause; once one shows, it follows every keystroke.
  const keyShown = settledKey !== null && (settledKey === values.key || checkPublicKey(settledKey) !== undefined);
  const errorOf = (field: SshKeyField) =>
    serverErrors[field] ?? (touched.has(field) && (field !== 'key' || keyShown) ? clientErrors[field] : undefined);
  const blocked = Object.values(clientErrors).some(Boolean) || status === 'saving';

  const edited = (field: SshKeyField) => {
    setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  const changeTitle = (title: string) => {
    setValues((v) => ({ ...v, title }));
    setTitleFromComment(false);
    edited('title');
  };

  const changeKey = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const key = event.target.value;
    // A comment's tabs and other control characters would make a name the server refuses, while
    // the input shows them as spaces: spaces they become.
    const comment = (splitKeyLine(key)?.comment ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
    const follow = titleFromComment || values.title.trim() === '';
    setValues((v) => ({ ...v, key, ...(follow ? { title: comment } : {}) }));
    if (follow) setTitleFromComment(comment !== '');
    // A paste is a finished entry: check it now rather than after the typing pause.
    if ((event.nativeEvent as InputEvent).inputType === 'insertFromPaste') setSettledKey(key);
    edited('key');
  };

  const change = <K extends 'scope' | 'never' | 'day'>(name: K, value: SshKeyFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    edited(name === 'scope' ? 'scope' : 'expires_at');
  };

  // Leaving an empty field says nothing yet: a "required" message appearing on the mousedown that
  // moves focus would shift the layout under the pointer and the click would land elsewhere
  // (as in src/ui/useNewPassword.ts). Submitting still names every missing field.
  const touch = (field: 'title' | 'key') => {
    if (!values[field]) return;
    setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
    if (field === 'key') setSettledKey(values.key);
  };

  // Said once, where the user is: under the field it is about, else in the form's alert. A toast
  // as well would repeat it outside the drawer.
  const fail = (failure: ReturnType<typeof describeFailure>) => {
    if (failure.field) {
      setServerErrors((e) => ({ ...e, [failure.field!]: failure.reason }));
      setTouched((s) => new Set(s).add(failure.field!));
    } else setFormError(failure.message);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (status === 'saving') return;
    if (blocked) {
      // A click on the (aria-)disabled button explains what is missing instead of doing nothing.
      setTouched(new Set(['title', 'key', 'scope', 'expires_at']));
      setSettledKey(values.key);
      // ... and takes the user to the first field in error (title, key, expiry: visual order).
      const invalid = (Object.keys(clientErrors) as SshKeyField[]).find((field) => clientErrors[field]);
      if (invalid) event?.currentTarget.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    setStatus('saving');
    setFormError(undefined);
    const title = values.title.trim();
    const expiresAt = values.never ? null : unchangedDay ? sshKey!.expires_at : endOfDayMinus2s(values.day);
    if (mode === 'create') {
      const body = {
        title,
        key: values.key.trim(),
        scope: values.scope,
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      };
      const [error, created] = await api.create(body);
      setStatus('idle');
      if (error) return fail(describeFailure(error, 'create', t));
      onSaved({ mode, key: created });
    } else {
      const [error] = await api.update(sshKey!.id, { title, scope: values.scope, expires_at: expiresAt });
      setStatus('idle');
      if (error) return fail(describeFailure(error, 'modify', t));
      onSaved({ mode, id: sshKey!.id });
    }
  };

  // The stored fingerprint when editing; the computed one once the key in the box is valid.
  let fingerprint: string | null = null;
  let fingerprintUnavailable = false;
  if (mode === 'edit') fingerprint = sshKey?.fingerprint ?? null;
  else if (preview && preview.text === values.key && !keyMessage) {
    fingerprint = preview.fingerprint;
    fingerprintUnavailable = preview.fingerprint === null;
  }

  return {
    mode,
    values,
    changeTitle,
    changeKey,
    change,
    touch,
    errorOf,
    blocked,
    saving: status === 'saving',
    formError,
    submit,
    fingerprint,
    /** A valid key is in the box but Web Crypto is unavailable (not a secure context). */
    fingerprintUnavailable,
  };
}

export type SshKeyFormState = ReturnType<typeof useSshKeyForm>;

export interface SshKeyFormProps {
  form: SshKeyFormState;
  formId: string;
}

/** The fields, in a `<form>` whose submit buttons may live outside it (`form={formId}`). */
export function SshKeyForm({ form, formId }: SshKeyFormProps) {
  const { t } = useElement();
  const { values, errorOf } = form;
  const creating = form.mode === 'create';
  return (
    <form id={formId} part="ssh-key-form" className="yx-ssh-form" noValidate onSubmit={form.submit}>
      {form.formError && (
        <div part="form-error" className="yx-ssh-form__error" role="alert">
          {form.formError}
        </div>
      )}
      <Field label={t('ssh.form.title')} hint={t('ssh.form.titleHint')} error={errorOf('title')} required>
        <Input
          name="title"
          autoComplete="off"
          value={values.title}
          onBlur={() => form.touch('title')}
          onChange={(e) => form.changeTitle(e.target.value)}
        />
      </Field>
      <Field
        label={t('ssh.form.key')}
        hint={t(creating ? 'ssh.form.keyHint' : 'ssh.form.keyReadOnly')}
        error={errorOf('key')}
        required={creating}
      >
        <TextArea
          name="key"
          rows={creating ? 5 : 3}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          className="yx-ssh-mono yx-ssh-form__key"
          readOnly={!creating}
          value={values.key}
          onBlur={() => form.touch('key')}
          onChange={form.changeKey}
        />
      </Field>
      <div part="fingerprint-preview" className="yx-ssh-form__fingerprint" aria-live="polite">
        {(form.fingerprint || form.fingerprintUnavailable) && (
          <>
            <span className="yx-ssh-form__fingerprint-label">{t('ssh.form.fingerprint')}</span>{' '}
            {form.fingerprint ? (
              <code part="fingerprint" className="yx-ssh-mono">
                {form.fingerprint}
              </code>
            ) : (
              <span>{t('ssh.form.fingerprintUnavailable')}</span>
            )}
          </>
        )}
      </div>
      {creating && <SshKeyHelp />}
      <Field label={t('ssh.form.scope')} error={errorOf('scope')} group>
        <RadioGroup
          name="scope"
          value={values.scope}
          onChange={(scope) => form.change('scope', scope as SshKeyScope)}
          options={[
            { value: 'all', label: t('ssh.scope.all') },
            { value: 'read', label: t('ssh.scope.read') },
          ]}
        />
      </Field>
      <fieldset part="expiry-group" className="yx-ssh-form__expiry">
        <legend className="yx-ssh-form__legend">{t('ssh.form.expiry')}</legend>
        <Checkbox name="never" checked={values.never} onChange={(e) => form.change('never', e.target.checked)}>
          {t('ssh.form.never')}
        </Checkbox>
        {values.never ? (
          errorOf('expires_at') && (
            <div part="expiry-error" className="yx-field__error" role="alert">
              {errorOf('expires_at')}
            </div>
          )
        ) : (
          <Field label={t('ssh.form.expiryDay')} error={errorOf('expires_at')} required>
            <DateInput name="expires_at" value={values.day} onChange={(day) => form.change('day', day)} />
          </Field>
        )}
      </fieldset>
    </form>
  );
}
