/**
 * The content area of the settings shell: loads a section's bundle on demand (through the
 * `loadSection` the element file hands in, so the shell imports no other feature), shows a
 * spinner meanwhile and the error panel with Retry when the bundle fails, then creates the
 * section's custom element with the attributes passed through.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Result } from '../../ui/Result';
import { Spinner } from '../../ui/Spinner';
import type { SectionKey } from '../../core/flavours';

/** The custom element of each section (§2); identity-provider reuses the bindings element. */
export const SECTION_TAGS = {
  profile: 'yx-profile',
  personalAccessToken: 'yx-token-manager',
  ssh: 'yx-ssh-keys',
  packagesCredential: 'yx-package-credential',
  'third-party': 'yx-third-party-bindings',
  'identity-provider': 'yx-third-party-bindings',
} as const satisfies Record<SectionKey, string>;

export type SectionTag = (typeof SECTION_TAGS)[SectionKey];

/** Loads the bundle that defines a section's element (a dynamic `import()`); rejects on failure. */
export type SectionLoader = (tag: SectionTag) => Promise<unknown>;

export interface SectionHostProps {
  tag: SectionTag;
  /** The section's label, for the spinner and the error panel. */
  label: string;
  /** Attributes of the created element; a missing one is removed. */
  attributes: Record<string, string | undefined>;
  /** @default nothing is loaded: the host page defines the elements itself */
  loadSection?: SectionLoader;
}

type LoadStatus = 'loading' | 'ready' | 'error';

export function SectionHost({ tag, label, attributes, loadSection }: SectionHostProps) {
  const { t } = useElement();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ tag: string; attempt: number; status: LoadStatus } | null>(null);
  const loader = useRef(loadSection);
  loader.current = loadSection;
  const slot = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLElement | null>(null);

  const status: LoadStatus =
    loaded?.tag === tag && loaded.attempt === attempt
      ? loaded.status
      : customElements.get(tag) || !loadSection
        ? 'ready'
        : 'loading';

  useEffect(() => {
    if (status !== 'loading') return;
    let live = true;
    const settle = (next: LoadStatus) => live && setLoaded({ tag, attempt, status: next });
    Promise.resolve()
      .then(() => loader.current?.(tag))
      .then(
        () => settle('ready'),
        () => settle('error'),
      );
    return () => {
      live = false;
    };
  }, [tag, attempt, status]);

  // The element is made once per tag, so its own state survives attribute changes.
  useLayoutEffect(() => {
    if (status !== 'ready' || !slot.current) return;
    const el = document.createElement(tag);
    element.current = el;
    slot.current.append(el);
    return () => {
      el.remove();
      element.current = null;
    };
  }, [status, tag]);

  const signature = JSON.stringify(attributes);
  useLayoutEffect(() => {
    const el = element.current;
    if (!el) return;
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined || value === '') el.removeAttribute(name);
      else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    }
    // `attributes` is read through its signature: a new object with the same entries changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, status, tag]);

  return (
    <div part="content" className="yx-settings-content" data-status={status} data-section-tag={tag}>
      {status === 'loading' && (
        <div className="yx-settings-content__loading">
          <Spinner size="lg" label={t('settings.section.loading', { section: label })} />
        </div>
      )}
      {status === 'error' && (
        <Result
          status="error"
          title={t('settings.section.loadFailed', { section: label })}
          description={t('settings.section.loadFailedHint')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      <div ref={slot} part="section" className="yx-settings-section" hidden={status !== 'ready'} />
    </div>
  );
}
