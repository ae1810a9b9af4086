/**
 * The token form shared by the create / edit drawer and the separate create screen: name,
 * description (create only), expiry (presets or a custom day) and the scope tree, with the
 * messages of §5, server field errors, and the submit that builds the §7 payload.
 */
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Field, Input } from '../../ui/Field';
import { TextArea } from '../../ui/TextArea';
import { DateInput } from '../../ui/DateInput';
import { focusFirstIn } from '../../ui/focus';
import { endOfDayMinus2s, formatDate, presetExpiryDay } from '../../core/dates';
import { makeExpirySchema } from '../../core/validation/expiry';
import { tokenDescriptionSchema, tokenNameSchema } from '../../core/validation/tokens';
import { validate } from '../../core/validation/validate';
import type { AccessToken, TokensApi } from './api';
import { describeFailure } from './errors';
import type { TokenField } from './errors';
import type { ScopesState } from './store';
import { ScopeTree } from './ScopeTree';
import { selectedLeaves, toTreeNodes } from './scopes';

export type TokenFormMode = 'create' | 'edit';

export interface TokenFormValues {
  name: string;
  description: string;
  /** 'YYYY-MM-DD' or '' */
  day: string;
  /** Tree selection (fully checked keys). */
  scopes: string[];
}

/** What a successful save reports to the screen around the form. */
export type SaveOutcome =
  { mode: 'create'; tokenId: string; name: string; value: string } | { mode: 'edit'; tokenId: string; name: string };

const expirySchema = makeExpirySchema();

/** The preset lifetime a new token starts with, so a name and scopes complete the form. */
const DEFAULT_EXPIRY_DAYS = 30;

/** The value behind each field, to tell whether the user has put something in it. */
const VALUE_OF: Record<TokenField, keyof TokenFormValues> = {
  name: 'name',
  description: 'description',
  expires_at: 'day',
  token_scopes: 'scopes',
};

/** Whether two sets of form values are the same (the tree may list a selection in any order). */
function sameValues(a: TokenFormValues, b: TokenFormValues): boolean {
  const scopes = (v: TokenFormValues) => [...v.scopes].sort().join('\n');
  return a.name === b.name && a.description === b.description && a.day === b.day && scopes(a) === scopes(b);
}

/** The `expires_at` to send for a chosen day: the end of that day minus 2 s, except that an edit
 * keeping the day the token expires on (as the form shows it) keeps its exact instant, which a
 * token made elsewhere may have at any time of day. */
function expiresAt(day: string, token: AccessToken | undefined): string {
  return token && day === formatDate(token.expires_at) ? token.expires_at : endOfDayMinus2s(day);
}

function firstMessage(schema: Parameters<typeof validate>[0], value: unknown) {
  const result = validate(schema, value);
  return result.ok ? undefined : result.issues[0]?.messageKey;
}

/** Form state, validation and submission for one drawer or screen. */
export function useTokenForm(options: {
  mode: TokenFormMode;
  token?: AccessToken | undefined;
  /** What the user typed in an earlier opening and left unsubmitted: the form starts from it. */
  draft?: TokenFormValues | undefined;
  api: TokensApi;
  scopes: ScopesState;
  onSaved(outcome: SaveOutcome): void;
}) {
  const { mode, token, draft, api, scopes, onSaved } = options;
  const { t } = useElement();
  const [initial] = useState<TokenFormValues>(() => ({
    name: token?.name ?? '',
    description: token?.description ?? '',
    // An edit shows the token's own day; a new token starts on a preset (DateInput shows it chosen).
    day: token ? formatDate(token.expires_at) : presetExpiryDay(DEFAULT_EXPIRY_DAYS),
    scopes: token?.token_scopes ?? [],
  }));
  const [values, setValues] = useState(draft ?? initial);
  const [touched, setTouched] = useState<ReadonlySet<TokenField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<TokenField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');
  const nodes = useMemo(() => toTreeNodes(scopes.nodes), [scopes.nodes]);
  const leaves = useMemo(() => selectedLeaves(nodes, values.scopes), [nodes, values.scopes]);

  const clientErrors: Partial<Record<TokenField, string>> = {};
  const nameKey = firstMessage(tokenNameSchema, values.name);
  if (nameKey) clientErrors.name = t(nameKey);
  const descKey = values.description === '' ? undefined : firstMessage(tokenDescriptionSchema, values.description);
  if (descKey && mode === 'create') clientErrors.description = t(descKey);
  const dayKey = firstMessage(expirySchema, values.day);
  if (dayKey) clientErrors.expires_at = t(dayKey);
  if (scopes.status === 'ready' && leaves.length === 0) clientErrors.token_scopes = t('validation.scopes.required');

  const errorOf = (field: TokenField) => serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);
  const blocked = Object.keys(clientErrors).length > 0 || scopes.status !== 'ready' || status === 'saving';

  const change = <K extends keyof TokenFormValues>(key: K, field: TokenField, value: TokenFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((s) => new Set(s).add(field));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  // Leaving a field the user never filled is no mistake yet: an error there would appear on the
  // mousedown that moves focus and push the click's target away. It shows once they typed and
  // cleared it (change), or on submit.
  const touch = (field: TokenField) =>
    setTouched((s) => (s.has(field) || values[VALUE_OF[field]].length === 0 ? s : new Set(s).add(field)));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) {
      // A click on the (aria-)disabled button explains what is missing instead of doing nothing,
      // and takes the user to the first field in error (clientErrors is filled in visual order).
      setTouched(new Set(['name', 'description', 'expires_at', 'token_scopes']));
      const invalid = Object.keys(clientErrors)[0];
      const root = event?.currentTarget;
      if (invalid && root) {
        const control = root.querySelector<HTMLElement>(`[name="${invalid}"]`);
        // The scope tree (no named control): its active item. The expiry: its day, unless no
        // preset or "Custom" is chosen yet, when the presets come first.
        if (!control) focusFirstIn(root.querySelector('[role="tree"]'));
        else if (invalid === 'expires_at' && !control.parentElement!.querySelector(':checked')) {
          focusFirstIn(control.parentElement);
        } else control.focus();
      }
      return;
    }
    setStatus('saving');
    setFormError(undefined);
    const name = values.name.trim();
    const base = { name, expires_at: expiresAt(values.day, token), token_scopes: leaves };
    const description = values.description.trim();
    if (mode === 'create') {
      const body = { ...base, ...(description ? { description } : {}), created_at: new Date().toISOString() };
      const [error, created] = await api.create(body);
      setStatus('idle');
      if (error) return fail(describeFailure(error, 'create', t));
      onSaved({ mode, tokenId: created.tokenId, name, value: created.token });
    } else {
      const [error] = await api.update(token!.token_id, base);
      setStatus('idle');
      if (error) return fail(describeFailure(error, 'modify', t));
      onSaved({ mode, tokenId: token!.token_id, name });
    }
  };

  // Said once, where the user is: under the field it is about, else in the form's alert. A toast
  // as well would repeat it outside the drawer.
  const fail = (failure: ReturnType<typeof describeFailure>) => {
    if (failure.field) setServerErrors((e) => ({ ...e, [failure.field!]: failure.reason }));
    else setFormError(failure.message);
  };

  return {
    mode,
    values,
    initial,
    /** Whether the values differ from where the form started (empty, or the token's own). */
    edited: !sameValues(values, initial),
    change,
    touch,
    errorOf,
    blocked,
    saving: status === 'saving',
    formError,
    submit,
  };
}

export type TokenFormState = ReturnType<typeof useTokenForm>;

export interface TokenFormProps {
  form: TokenFormState;
  formId: string;
  scopes: ScopesState;
  onRetryScopes(): void;
}

/** The fields, in a `<form>` whose submit buttons may live outside it (`form={formId}`). */
export function TokenForm({ form, formId, scopes, onRetryScopes }: TokenFormProps) {
  const { t } = useElement();
  const { values, change, touch, errorOf } = form;
  return (
    <form id={formId} part="token-form" className="yx-tokens-form" noValidate onSubmit={form.submit}>
      {form.formError && (
        <div part="form-error" className="yx-tokens-form__error" role="alert">
          {form.formError}
        </div>
      )}
      <Field label={t('tokens.form.name')} hint={t('tokens.form.nameHint')} error={errorOf('name')} required>
        <Input
          name="name"
          autoComplete="off"
          value={values.name}
          onBlur={() => touch('name')}
          onChange={(e) => change('name', 'name', e.target.value)}
        />
      </Field>
      {form.mode === 'create' && (
        <Field label={t('tokens.form.description')} error={errorOf('description')}>
          <TextArea
            name="description"
            rows={3}
            maxLength={200}
            showCount
            value={values.description}
            onChange={(e) => change('description', 'description', e.target.value)}
          />
        </Field>
      )}
      <Field label={t('tokens.form.expiry')} error={errorOf('expires_at')} required>
        <DateInput name="expires_at" presets value={values.day} onChange={(day) => change('day', 'expires_at', day)} />
      </Field>
      <ScopeTree
        scopes={scopes}
        initial={form.initial.scopes}
        value={values.scopes}
        onChange={(next) => change('scopes', 'token_scopes', next)}
        onRetry={onRetryScopes}
        error={errorOf('token_scopes')}
      />
    </form>
  );
}
