/**
 * The content feature's public entry: the pages about the venue (about, menu, group chat,
 * comedy landing, poster), the blog, the FAQ and the legal pages. Search-engine heads and
 * structured data are in features/seo, so every page's head loads without these pages.
 */
export { AboutHero, CollabPrompt, OwnedByTheClub, PlanYourVisit, WhatMakesUsDifferent } from './About';
export { BlogArticleView } from './BlogArticleView';
export { BlogList } from './BlogList';
export { Callout } from './Callout';
export { ComedyHero, ReserveYourSeat, Testimonial } from './ComedyLanding';
export { FaqList } from './FaqList';
export { Benefits, HowItWorks, JoinSection, PhotoGrid, WhatYouGet, WhatsappHero } from './JoinWhatsapp';
export { LegalPage } from './LegalPage';
export { MenuSection } from './MenuSection';
export { Poster } from './Poster';
export { QrCode } from './QrCode';
export { formatCalendarDate, relatedArticles } from './blogFormat';
