/**
 * {@link Confirm} loaded on demand: a page shows a confirmation only after the user asks for
 * one, so its code is fetched once the element's first screen is up (prefetch) instead of
 * before it. Same props; nothing renders until the code is in.
 */
import { Suspense } from 'react';
import type { ConfirmProps } from './Confirm';
import { lazyView, prefetch } from './lazy';

const View = lazyView(() => import('./Confirm').then((m) => m.Confirm));
prefetch(View);

export function LazyConfirm(props: ConfirmProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
