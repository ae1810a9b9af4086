/**
 * The avatar (§3, §5): the picture, or the user's initials on a coloured circle. A new file is
 * checked (JPG, JPEG, PNG or GIF, at most 1 MB) before anything is sent, previewed while it
 * uploads with a progress bar, then saved; on failure the old avatar comes back. Remove (after a
 * confirmation) clears the avatar, and the initials show again.
 */
import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { LazyConfirm } from '../../ui/LazyConfirm';
import { useToast } from '../../ui/Toast';
import { useControlStyles } from '../../ui/field-control';
import type { HttpResult } from '../../core/http';
import { checkAvatarFile } from '../../core/validation/avatar';
import { safeAvatarUrl } from './api';
import type { Me, ProfileApi } from './api';
import type { ProfileActions } from './store';
import { avatarFailure } from './failures';
import { useFocusAfter } from './focus-after';

/** How many initials colours the stylesheet defines (`data-color="0"` … `"7"`). */
export const AVATAR_COLOURS = 8;

/** Up to two initials: the first letters of the first two words, or the first character. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (w: string) => [...w][0] ?? '';
  const letters = words.length > 1 ? first(words[0]!) + first(words[1]!) : first(words[0]!);
  return letters.toUpperCase();
}

/** A stable colour index for a user id. */
export function colourOf(id: string): number {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % AVATAR_COLOURS;
}

/** The file as a `data:` URL, or null if it cannot be read. Not an object URL: strict page
 * policies (ours, and the host example's) allow `img-src data:` but not `blob:`, and a blocked
 * preview would leave an empty box while the upload runs. */
function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** `preview` is null until the file has been read; the current picture shows meanwhile. */
type Upload = { phase: 'idle' } | { phase: 'uploading' | 'saving'; preview: string | null; percent: number };

export interface AvatarSectionProps {
  me: Me;
  api: ProfileApi;
  actions: ProfileActions;
}

export function AvatarSection({ me, api, actions }: AvatarSectionProps) {
  useControlStyles();
  const { t, emit } = useElement();
  const toast = useToast();
  const id = useId();
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [error, setError] = useState<string | undefined>();
  // Which upload is running, so a preview read late never lands on a later one.
  const attempt = useRef(0);
  const name = me.name || me.username;
  const current = safeAvatarUrl(me.avatar);
  // The removal confirmation; a new key per opening, so each starts fresh.
  const [removing, setRemoving] = useState<{ key: number; open: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // After a removal the Remove button is gone: keep keyboard users on Upload avatar.
  const focusUpload = useFocusAfter(!current && !removing?.open, fileInput);

  /** Clears the avatar; false (the dialog stays, for a retry) when the server refuses. */
  const remove = async (): Promise<boolean> => {
    const [failure] = await api.removeAvatar();
    if (failure) {
      toast.error(await avatarFailure(failure, t), 'avatar');
      return false;
    }
    focusUpload.current = true;
    setError(undefined);
    actions.patch({ avatar: null });
    toast.success(t('profile.avatar.removed'), 'avatar');
    emit('yx-profile-update', { field: 'avatar' });
    return true;
  };

  /** Uploads the file with progress, then saves its URL as the avatar. */
  const send = async (file: File): Promise<HttpResult<{ avatar: string }>> => {
    const [error, uploaded] = await api.uploadAvatar(file, (fraction) =>
      setUpload((u) => (u.phase === 'uploading' ? { ...u, percent: Math.round(fraction * 100) } : u)),
    );
    if (error) return [error, null];
    setUpload((u) => ({ phase: 'saving', preview: u.phase === 'idle' ? null : u.preview, percent: 100 }));
    return api.setAvatar(uploaded.url);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    input.value = '';
    if (!file || upload.phase !== 'idle') return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setError(t(problem));
      toast.error(t(problem), 'avatar');
      return;
    }
    setError(undefined);
    const mine = ++attempt.current;
    setUpload({ phase: 'uploading', preview: null, percent: 0 });
    void readAsDataUrl(file).then((preview) => {
      if (preview && attempt.current === mine) setUpload((u) => (u.phase === 'idle' ? u : { ...u, preview }));
    });
    const [failure, saved] = await send(file);
    attempt.current += 1;
    setUpload({ phase: 'idle' });
    if (failure) {
      const message = await avatarFailure(failure, t);
      setError(message);
      toast.error(message, 'avatar');
      return;
    }
    actions.patch({ avatar: saved.avatar });
    // Replaces an earlier attempt's error toast rather than showing beside it.
    toast.success(t('success.modified'), 'avatar');
    emit('yx-profile-update', { field: 'avatar' });
  };

  const busy = upload.phase !== 'idle';
  const shown = busy ? (upload.preview ?? current) : current;
  const percent = busy ? upload.percent : 0;
  const alt = t('profile.avatar.alt', { name });

  return (
    <div part="avatar-section" className="yx-profile-avatar" data-status={busy ? upload.phase : 'idle'}>
      {shown ? (
        <img
          part="avatar"
          className="yx-profile-avatar__image"
          src={shown}
          alt={alt}
          data-state={busy && upload.preview ? 'preview' : 'saved'}
        />
      ) : (
        <span
          part="avatar avatar-initials"
          className="yx-profile-avatar__initials"
          role="img"
          aria-label={alt}
          data-color={colourOf(me._id)}
        >
          <span aria-hidden="true">{initialsOf(name)}</span>
        </span>
      )}
      <div className="yx-profile-avatar__controls">
        <span className="yx-profile-actions">
          <input
            ref={fileInput}
            id={`${id}file`}
            type="file"
            name="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            className="yx-visually-hidden yx-profile-avatar__input"
            aria-describedby={`${id}hint ${id}error`}
            aria-invalid={error ? true : undefined}
            // Not `disabled`: that would drop the keyboard focus while the upload runs.
            aria-disabled={busy || undefined}
            onClick={(event) => {
              if (busy) event.preventDefault();
            }}
            onChange={(event) => void onFile(event)}
          />
          <label
            htmlFor={`${id}file`}
            part="button upload-button"
            className="yx-button yx-profile-avatar__button"
            data-variant="secondary"
            data-size="md"
            data-state={busy ? 'loading' : undefined}
          >
            {t('profile.avatar.upload')}
          </label>
          {current && !busy && (
            <Button
              part="button avatar-remove-button"
              variant="link"
              onClick={() => setRemoving({ key: (removing?.key ?? 0) + 1, open: true })}
            >
              {t('profile.avatar.remove')}
            </Button>
          )}
        </span>
        <span id={`${id}hint`} part="hint" className="yx-profile-hint">
          {t('profile.avatar.hint')}
        </span>
        {busy && (
          <div className="yx-profile-avatar__progress">
            <progress
              part="progress"
              className="yx-profile-progress"
              max={100}
              value={percent}
              aria-label={t('profile.avatar.progress')}
            />
            {/* The bar carries the number; the status line only changes with the phase, so a
                screen reader is not interrupted at every progress event. */}
            <span part="progress-value" className="yx-profile-hint" aria-hidden="true">
              {`${percent}%`}
            </span>
            <span className="yx-visually-hidden" role="status">
              {upload.phase === 'saving' ? t('profile.avatar.saving') : t('profile.avatar.uploading')}
            </span>
          </div>
        )}
        {/* Not a live region: the toast announces the message once; this keeps it on screen. */}
        <div id={`${id}error`} part="error" className="yx-field__error">
          {error}
        </div>
      </div>
      {removing && (
        <LazyConfirm
          key={removing.key}
          open={removing.open}
          onOpenChange={(next) => {
            if (!next) setRemoving((r) => r && { ...r, open: false });
          }}
          variant="danger"
          title={t('profile.avatar.removeTitle')}
          message={t('profile.avatar.removeMessage')}
          confirmLabel={t('profile.avatar.remove')}
          onConfirm={remove}
        />
      )}
    </div>
  );
}
