/**
 * Toast messages of one element: short confirmations ('Created successfully') and errors, read
 * out by screen readers through live regions that exist before any message arrives.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from './context';

export type ToastTone = 'success' | 'error' | 'info';

/** `key` names the action a toast is about: a later toast with the same key replaces it, so
 * "Modified successfully" does not sit beside the earlier attempt's "Failed to change…". `clear`
 * takes it away when the success says itself elsewhere. */
export interface ToastApi {
  success(message: string, key?: string): void;
  error(message: string, key?: string): void;
  info(message: string, key?: string): void;
  clear(key: string): void;
}

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  key?: string | undefined;
}

/** How long a toast stays, by tone (errors stay longer so they can be read). */
export const TOAST_DURATION_MS: Record<ToastTone, number> = { success: 3000, info: 3000, error: 6000 };

const ToastContext = createContext<ToastApi | null>(null);

/** The element's toasts. Outside a provider the calls go to the console, so nothing breaks. */
export function useToast(): ToastApi {
  return (
    useContext(ToastContext) ?? {
      success: (m) => console.info(m),
      info: (m) => console.info(m),
      error: (m) => console.warn(m),
      clear() {},
    }
  );
}

let nextId = 1;

export function ToastProvider({ children }: { children?: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const t = useT();

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const push = useCallback(
    (tone: ToastTone, message: string, key?: string) => {
      const id = nextId++;
      // A replaced toast's timer still runs out later, harmlessly: its id is gone by then.
      setItems((list) => [...list.filter((item) => !key || item.key !== key).slice(-4), { id, tone, message, key }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS[tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m, key) => push('success', m, key),
      info: (m, key) => push('info', m, key),
      error: (m, key) => push('error', m, key),
      clear: (key) => setItems((list) => list.filter((item) => item.key !== key)),
    }),
    [push],
  );

  const region = (tones: ToastTone[], role: 'status' | 'alert') => (
    <div className="yx-toasts__region" role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'}>
      {items
        .filter((item) => tones.includes(item.tone))
        .map((item) => (
          <div key={item.id} part="toast" className="yx-toast" data-tone={item.tone}>
            <span className="yx-toast__message">{item.message}</span>
            {/* Out of the Tab order: the live region reads the message, and a focused toast
                that went (by itself, or closed) would drop the focus to the page. */}
            <button
              type="button"
              tabIndex={-1}
              className="yx-toast__close"
              aria-label={t('common.close')}
              onClick={() => dismiss(item.id)}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div part="toasts" className="yx-toasts">
        {region(['success', 'info'], 'status')}
        {region(['error'], 'alert')}
      </div>
    </ToastContext.Provider>
  );
}
