import { Link } from 'wouter';
import { Logo } from '../../components/Logo';
import { venue } from '../../content/venue';
import { footerLegalLinks, footerQuickLinks, type NavLink } from '../navigation';
import styles from './Footer.module.css';

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{venue.tagline}</p>
        </div>
        <LinkList title="Quick Links" links={footerQuickLinks} />
        <LinkList title="Legal" links={footerLegalLinks} />
        <div>
          <h2 className={styles.title}>Visit</h2>
          <address className={styles.address}>
            {venue.address.oneLine}
            <br />
            <span className={styles.muted}>{venue.address.entranceNote}</span>
          </address>
          <p className={styles.muted}>
            {venue.hours.summary}. {venue.hours.checkMapsNote}
          </p>
          <p>
            <a href={venue.owner.url} target="_blank" rel="noopener noreferrer">
              {venue.owner.name} website<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <p>
            <a href={`mailto:${venue.contact.email}`}>{venue.contact.email}</a>
          </p>
        </div>
      </div>
      <p className={styles.copyright}>
        © <span data-testid="footer-year">{year}</span> {venue.name}. All rights reserved. {venue.ageRule}.
      </p>
    </footer>
  );
}
