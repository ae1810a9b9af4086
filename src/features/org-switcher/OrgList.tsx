/**
 * The organization list of the switcher: a list of buttons (not a listbox: choosing an
 * organization is an action that leaves the page, not a selection kept in a form), so Tab,
 * Enter and Space work as everywhere and every screen reader announces "button". ↑/↓, Home and
 * End also move between the buttons. The current organization says 'Current' and carries
 * `aria-current`. The list scrolls inside its own box; a sentinel at its end asks for the next
 * page when it comes into view, and a 'Load more' button does the same for everyone else.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { Organization } from './api';

/** The logo as an image source when it is an http(s) or relative URL; otherwise null (initials). */
export function logoSrc(logo: string): string | null {
  const value = logo.trim();
  if (!value) return null;
  try {
    const { protocol } = new URL(value, location.href);
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** One or two letters standing for a name: a CJK name's first character, else the first letters
 * of its first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? [...words[0]][0]! : '?';
  if (/[\u3000-\u9fff\uf900-\ufaff]/.test(first)) return first;
  const second = words[1] ? [...words[1]][0]! : '';
  return (first + second).toUpperCase();
}

/** An organization's logo, or its initials when it has no usable one (or the image fails).
 * Decorative: the name is always written next to it. */
export function OrgLogo({ name, logo, part = 'logo' }: { name: string; logo: string; part?: string }) {
  const src = logoSrc(logo);
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img part={part} className="yx-orgs-logo" src={src} alt="" onError={() => setFailed(src)} />;
  }
  return (
    <span part={`${part} ${part}-initials`} className="yx-orgs-logo yx-orgs-logo--initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export interface OrgListProps {
  organizations: readonly Organization[];
  /** The organization being switched to (its button shows the spinner). */
  switching: string | undefined;
  /** The organization whose switch failed: marked, and described by the message `errorId`. */
  failed?: string | undefined;
  errorId?: string;
  onChoose(organization: Organization): void;
  /** Whether reaching the end of the list may fetch the next page now. */
  autoLoad: boolean;
  onMore(): void;
}

export function OrgList({ organizations, switching, failed, errorId, onChoose, autoLoad, onMore }: OrgListProps) {
  const { t } = useElement();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;

  // A new observer per list length: its first report says whether the end is still in view
  // after a page was added, so a tall box keeps filling itself.
  const count = organizations.length;
  useEffect(() => {
    if (!autoLoad || !sentinel.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { root: scroller.current, rootMargin: '0px 0px 96px 0px' },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [autoLoad, count]);

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(scroller.current?.querySelectorAll<HTMLButtonElement>('[part~="org"]') ?? [])];
    const at = buttons.indexOf(event.currentTarget);
    const target = {
      ArrowDown: buttons[at + 1],
      ArrowUp: buttons[at - 1],
      Home: buttons[0],
      End: buttons[buttons.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div ref={scroller} part="scroller" className="yx-orgs-scroller">
      <ul part="list" className="yx-orgs-list" aria-label={t('orgs.list.label')}>
        {organizations.map((org) => {
          const busy = switching === org.id;
          const refused = failed === org.id;
          return (
            <li key={org.id} className="yx-orgs-item">
              <Button
                variant="text"
                part="button org"
                className="yx-orgs-org"
                data-id={org.id}
                data-current={org.current || undefined}
                aria-current={org.current || undefined}
                data-failed={refused || undefined}
                aria-describedby={refused ? errorId : undefined}
                loading={busy}
                aria-disabled={switching !== undefined || undefined}
                onClick={() => {
                  if (switching === undefined) onChoose(org);
                }}
                onKeyDown={move}
              >
                <OrgLogo name={org.name} logo={org.logo} />
                <span part="org-name" className="yx-orgs-name">
                  {org.name}
                </span>
                {org.current && (
                  <span part="current-badge" className="yx-orgs-badge">
                    {t('page.switchOrganization.current')}
                  </span>
                )}
                {busy && <span className="yx-visually-hidden">{t('orgs.switching', { name: org.name })}</span>}
              </Button>
            </li>
          );
        })}
      </ul>
      {autoLoad && <div ref={sentinel} part="sentinel" className="yx-orgs-sentinel" aria-hidden="true" />}
    </div>
  );
}
