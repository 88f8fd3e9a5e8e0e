// The kit's stylesheet without its code, for a page whose form hydrates later (lazyOnApproach):
// the prerendered form is styled from the first paint, and nothing moves when its code arrives.
// (A bare `import './form.module.css'` is dropped by the bundler as having no effect.)
import styles from './form.module.css';

/** The kit's form class: what a placeholder for a form still loading is laid out like. */
export const formPlaceholderClass = styles.form;
