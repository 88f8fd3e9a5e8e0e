import { Container, Section } from '../../components/Layout';
import { PageHero } from '../../components/PageHero';
import type { LegalDocument } from '../../content/legal';
import { LastUpdated } from './LastUpdated';
import { TableOfContents } from './TableOfContents';
import styles from './content.module.css';

/** /terms, /privacy and /cookies: the document's title, today's date, a contents list and each section. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={doc.title} intro={doc.intro}>
        <LastUpdated />
      </PageHero>
      <Section>
        <Container className={styles.legalLayout}>
          <TableOfContents items={doc.sections.map((section) => ({ id: section.id, text: section.heading }))} />
          <div className={`${styles.prose} ${styles.legalBody}`}>
            {doc.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.heading}</h2>
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
                {section.list ? (
                  <ul>
                    {section.list.map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </div>
        </Container>
      </Section>
    </>
  );
}
