import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { useScrolledPast } from '../../lib/useScrolledPast';
import { headerLinks, isActiveLink } from '../navigation';
import styles from './Header.module.css';

/** SPEC §2: the header turns compact and blurred once the page is scrolled more than 10 px. */
export const COMPACT_HEADER_SCROLL_PX = 10;

export function Header() {
  const [pathname] = useLocation();
  // The menu is open for one path only, so choosing a link (a route change) closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const setOpen = (value: boolean) => setOpenOnPath(value ? pathname : null);
  const scrolled = useScrolledPast(COMPACT_HEADER_SCROLL_PX);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close on Escape and on clicks outside.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOnPath(null);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpenOnPath(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header className={styles.header} data-scrolled={scrolled ? 'true' : 'false'}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand}>
          <Logo compact={scrolled} />
        </Link>
        <div className={styles.right} ref={wrapperRef}>
          <ButtonLink href="/board-game-night" size="sm" className={styles.cta}>
            Reserve A Table
          </ButtonLink>
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <span className={styles.burger} aria-hidden="true" data-open={open || undefined}>
              <span />
              <span />
              <span />
            </span>
            <span className={styles.toggleLabel}>Menu</span>
          </button>
          <nav id={menuId} className={styles.menu} data-open={open || undefined} aria-label="Main" hidden={!open}>
            <ul>
              {headerLinks.map((link) => {
                const active = !link.external && isActiveLink(link.href, pathname);
                return (
                  <li key={link.href}>
                    {link.external ? (
                      <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                        {link.label}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                        <span aria-hidden="true" className={styles.external}>↗</span>
                      </a>
                    ) : (
                      <Link
                        href={link.href}
                        aria-current={active ? 'page' : undefined}
                        data-active={active || undefined}
                        onClick={() => setOpen(false)}
                      >
                        {link.label}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
