import { Suspense, type ComponentProps, type ComponentType } from 'react';
import { lazyOnApproach } from '../lazyWhenOnline';
// The kit's stylesheet comes with the page that shows the wrapper, not with the form's code: the
// prerendered form is styled from the first paint, and nothing moves when its code arrives.
import styles from './form.module.css';

/**
 * A form below the fold, taken over by React when the guest comes near it or reaches into it
 * (lazyOnApproach): the form's <form> carries `data-part={part}`. `loadingClass` sizes the
 * placeholder shown only where the route was rendered in the browser and the code is on its way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyForm<T extends ComponentType<any>>(part: string, load: () => Promise<T>, loadingClass: string) {
  const Lazy = lazyOnApproach(part, () => load().then((component) => ({ default: component })));
  return function LazyForm(props: ComponentProps<T>) {
    return (
      <Suspense fallback={<div className={`${styles.form} ${loadingClass}`} aria-busy="true" />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
