import type { ButtonHTMLAttributes, AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg' | 'sm';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

/** A button; a `danger` one (cancel, leave, delete) never sets off the click celebration: confetti is for successes. */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  const quiet = variant === 'danger' ? { 'data-no-celebration': true } : {};
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...quiet} {...rest} />;
}

interface ButtonLinkProps extends StyleProps, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
}

/** A link that looks like a button. Internal paths route client-side; http(s) links open in a new tab. */
export function ButtonLink({ href, variant, size, block, className, children, ...rest }: ButtonLinkProps) {
  const cls = buttonClass({ variant, size, block }, className);
  if (/^(https?:|mailto:|tel:|sms:)/.test(href)) {
    const external = href.startsWith('http');
    return (
      <a href={href} className={cls} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={cls} {...rest}>
      {children}
    </Link>
  );
}
