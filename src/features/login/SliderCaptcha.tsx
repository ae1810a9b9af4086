/**
 * Slide to verify (§2): asks the server for a challenge, lets the user drag the handle fully
 * right (pointer events, the samples recorded as `{ x, t }`), and trades the trail for a
 * `slider_token`. The handle is a `role="slider"`: Right Arrow and End move it too, each key press
 * recorded as a sample with its real time. A drag that stops short snaps back and sends nothing.
 * The account field stays editable meanwhile: the token has to be for the account that signs in,
 * so a trail finished after the account changed is judged against a challenge for the new one.
 * Past the calls' limit (429) the wait is said in words and "Reload the slider" stays disabled
 * until it is over; the button stays mounted (busy) while it reloads, so focus is never lost.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { HttpError } from '../../core/http';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useStyles } from '../../ui/css/use-styles';
import { retryAfterText } from '../../ui/wait-text';
import type { LoginApi, TrailPoint } from './api';
import { retryAfterSeconds } from './errors';
import { sliderChallenge, sliderVerify } from './slider-api';
import type { SliderChallenge } from './slider-api';
import { sliderCss } from './slider.css';

/** The End key's glide: 6 steps 50 ms apart, a movement of 300 ms. */
const GLIDE_STEPS = 6;
const GLIDE_STEP_MS = 50;

type SliderStatus = 'loading' | 'ready' | 'verifying' | 'verified' | 'error';

export interface SliderCaptchaProps {
  /** The account as the form holds it now. */
  username: string;
  api: LoginApi;
  onVerified(sliderToken: string): void;
}

interface Gesture {
  /** performance.now() at the first sample. */
  start: number;
  /** clientX where the pointer went down (pointer gestures only). */
  originX: number;
  trail: TrailPoint[];
}

export function SliderCaptcha({ username, api, onVerified }: SliderCaptchaProps) {
  const { t } = useElement();
  useStyles(sliderCss);
  const ids = { hint: useId(), error: useId() };
  const [status, setStatus] = useState<SliderStatus>('loading');
  const [challenge, setChallenge] = useState<(SliderChallenge & { username: string }) | null>(null);
  // Read when a challenge is asked for, so typing in the account field does not fetch one per key.
  const usernameRef = useRef(username);
  usernameRef.current = username;
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;
  // A number is a 429's wait in seconds, said in words at render.
  const [error, setError] = useState<string | number | undefined>();
  // Seconds "Reload the slider" stays disabled for (a 429's wait); 0 when it can be pressed.
  const [wait, setWait] = useState(0);
  const [x, setX] = useState(0);
  const [round, setRound] = useState(0);
  // Reload was pressed: the button stays (busy) until the challenge comes, then the handle takes
  // focus, so the focus is never dropped with an unmounted button.
  const [reloading, setReloading] = useState(false);
  const refocus = useRef(false);
  const gesture = useRef<Gesture | null>(null);
  const glide = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (glide.current) clearTimeout(glide.current);
    },
    [],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const width = challenge?.track_width ?? 0;

  const fail = useCallback((err: HttpError) => {
    const seconds = retryAfterSeconds(err);
    setError(seconds ?? err.message);
    setWait(seconds ?? 0);
    setStatus('error');
  }, []);

  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setWait(0), wait * 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    setX(0);
    gesture.current = null;
    const name = usernameRef.current;
    void sliderChallenge(api, name).then(([err, value]) => {
      if (!live) return;
      setReloading(false);
      if (err) {
        fail(err);
        return;
      }
      setChallenge({ ...value, username: name });
      setStatus('ready');
    });
    return () => {
      live = false;
    };
  }, [api, round, fail]);

  /** The focused element of the element's tree (null: none, e.g. Reload just went away). */
  const focused = () => (rootRef.current?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement ?? null;

  // Focus the handle once it can be used, so a keyboard user can slide at once; after Reload,
  // unless the user went on to another field meanwhile.
  useEffect(() => {
    if (status !== 'ready') return;
    const active = focused();
    if (round === 0 || (refocus.current && (!active || rootRef.current?.contains(active)))) {
      handleRef.current?.focus();
    }
    refocus.current = false;
  }, [status, round]);

  // Failed while focus was in the slider (its handle, now disabled, or Reload pressed again):
  // focus goes to Reload, which says why (aria-describedby), never to the document.
  useEffect(() => {
    const active = focused();
    if (status === 'error' && active && rootRef.current?.contains(active)) retryRef.current?.focus();
  }, [status]);

  // Strict CSP: no style attributes in markup. The travel and the handle's position are custom
  // properties set through the CSSOM, which CSP allows.
  useEffect(() => {
    trackRef.current?.style.setProperty('--yx-slider-travel', `${width}px`);
    trackRef.current?.style.setProperty('--x', `${x}px`);
  }, [width, x, status]);

  const verify = useCallback(
    async (trail: TrailPoint[]) => {
      if (!challenge) return;
      setStatus('verifying');
      setError(undefined);
      // An emptied account field is the form's to refuse; the slider keeps to its challenge.
      const name = usernameRef.current || challenge.username;
      let challengeId = challenge.challenge_id;
      if (challenge.username !== name) {
        const [err, fresh] = await sliderChallenge(api, name);
        if (err) {
          fail(err);
          return;
        }
        challengeId = fresh.challenge_id;
      }
      const [err, token] = await sliderVerify(api, name, challengeId, trail);
      if (err?.status === 429) {
        // Past the calls' limit: a new challenge would be refused too, so none is asked for.
        fail(err);
        return;
      }
      if (err) {
        // A refused trail needs a new challenge; the message stays until the next try.
        setError(err.kind === 'http' ? t('error.verificationFailed') : err.message);
        setRound((n) => n + 1);
        return;
      }
      setStatus('verified');
      onVerifiedRef.current(token);
    },
    [api, challenge, t, fail],
  );

  const sample = (g: Gesture, next: number) => {
    const value = Math.round(Math.min(width, Math.max(0, next)));
    g.trail.push({ x: value, t: Math.round(performance.now() - g.start) });
    setX(value);
    return value;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (status !== 'ready' || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setError(undefined);
    gesture.current = { start: performance.now(), originX: event.clientX - x, trail: [{ x, t: 0 }] };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (g) sample(g, event.clientX - g.originX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    gesture.current = null;
    const end = sample(g, event.clientX - g.originX);
    if (end >= width) void verify(g.trail);
    else setX(0); // not all the way: back to the start, nothing is sent
  };
  const onPointerCancel = () => {
    gesture.current = null;
    setX(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (status !== 'ready') return;
    const stepPx = Math.max(1, Math.round(width / 10));
    const moves: Record<string, number> = { ArrowRight: x + stepPx, ArrowUp: x + stepPx, End: width };
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown' || event.key === 'Home') {
      event.preventDefault();
      gesture.current = null;
      setX(0);
      return;
    }
    const next = moves[event.key];
    if (next === undefined || glide.current) return;
    event.preventDefault();
    setError(undefined);
    gesture.current ??= { start: performance.now(), originX: 0, trail: [{ x, t: 0 }] };
    const g = gesture.current;
    if (event.key === 'End') {
      // End glides the handle to the end in real steps (what a sighted user sees, too), so the
      // trail is a movement with real times like a drag, not one jump the server would refuse.
      const from = x;
      let step = 0;
      const advance = () => {
        step += 1;
        sample(g, from + ((width - from) * step) / GLIDE_STEPS);
        if (step < GLIDE_STEPS) {
          glide.current = setTimeout(advance, GLIDE_STEP_MS);
          return;
        }
        glide.current = null;
        gesture.current = null;
        void verify(g.trail);
      };
      glide.current = setTimeout(advance, GLIDE_STEP_MS);
      return;
    }
    if (sample(g, next) >= width) {
      gesture.current = null;
      void verify(g.trail);
    }
  };

  const percent = width ? Math.round((x / width) * 100) : 0;
  return (
    <div ref={rootRef} part="slider" className="yx-login-slider" data-status={status}>
      <p id={ids.hint} className="yx-login-slider__hint">
        {t('page.login.slider')}
        <span className="yx-visually-hidden"> {t('login.slider.keyboardHint')}</span>
      </p>
      {status === 'loading' && !challenge ? (
        <Spinner showLabel label={t('login.slider.loading')} />
      ) : (
        <div ref={trackRef} part="slider-track" className="yx-login-slider__track" data-status={status}>
          <div className="yx-login-slider__fill" aria-hidden="true" />
          <span className="yx-login-slider__label" aria-hidden="true">
            {status === 'verified'
              ? t('page.login.sliderDone')
              : status === 'verifying'
                ? t('login.slider.verifying')
                : t('page.login.slider')}
          </span>
          <div
            ref={handleRef}
            part="slider-handle"
            className="yx-login-slider__handle"
            role="slider"
            tabIndex={status === 'ready' ? 0 : -1}
            aria-label={t('login.slider.handle')}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-valuemin={0}
            aria-valuemax={width}
            aria-valuenow={x}
            aria-valuetext={
              status === 'verified' ? t('page.login.sliderDone') : t('login.slider.progress', { percent })
            }
            aria-disabled={status !== 'ready' || undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onKeyDown={onKeyDown}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {status === 'verified' ? <path d="M5 12l5 5 9-10" /> : <path d="M6 7l5 5-5 5M13 7l5 5-5 5" />}
            </svg>
          </div>
        </div>
      )}
      {error && (
        <div id={ids.error} part="slider-error" className="yx-login-field-error" role="alert">
          {typeof error === 'number' ? retryAfterText(error, t) : error}
        </div>
      )}
      {(status === 'error' || (reloading && status === 'loading')) && (
        <Button
          ref={retryRef}
          part="button slider-retry-button"
          size="sm"
          loading={status === 'loading'}
          aria-disabled={status === 'loading' || wait > 0 || undefined}
          aria-describedby={error ? ids.error : undefined}
          onClick={() => {
            if (wait) return;
            refocus.current = true;
            setReloading(true);
            setRound((n) => n + 1);
          }}
        >
          {t('login.slider.retry')}
        </Button>
      )}
    </div>
  );
}
