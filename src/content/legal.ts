/**
 * Copy for the three legal pages: /terms, /privacy and /cookies.
 * Plain, honest language that describes what this site really does. If the site starts
 * collecting something new or sharing with someone new, update the matching section here.
 * The pages render the title, a "last updated" date, the intro and each section in order;
 * `id` is a stable anchor (/privacy#sharing).
 */
import { venue } from './venue';

/** A section renders its paragraphs, then its list (when there is one) as bullets. */
export type LegalSection = { id: string; heading: string; paragraphs: string[]; list?: string[] };
export type LegalDocument = { title: string; intro: string; sections: LegalSection[] };

const { name, contact, address, owner } = venue;

const contactLine = `Email ${contact.email}, or write to ${name}, ${address.oneLine}.`;

export const terms: LegalDocument = {
  title: 'Terms of Service',
  intro: `These terms cover your use of the ${name} website, including the pages, the blog and the forms for table reservations, event reservations, private-event inquiries and influencer applications. Please read them before you use the site.`,
  sections: [
    {
      id: 'agreement',
      heading: '1. Agreement to these terms',
      paragraphs: [
        `By visiting or using this website you agree to these terms and to our Privacy Policy and Cookie Policy. If you don't agree, please don't use the site. ${name} is a board game and video game bar operated inside ${owner.name}; "we", "us" and "our" mean ${name}.`,
        'We may update these terms from time to time. The date at the top of this page shows when they last changed, and the version published here is the one that applies when you use the site.',
        `The venue is ${venue.ageRule}. By reserving a table or an event spot you confirm that everyone in your party meets that age requirement and will carry valid ID.`,
      ],
    },
    {
      id: 'use-licence',
      heading: '2. Use licence',
      paragraphs: [
        'You may view the materials on this website (text, images, videos, menus and schedules) and make one temporary copy for your own personal, non-commercial use, for example to plan a visit or share an event with friends. This is a licence, not a transfer of ownership.',
        'The licence ends automatically if you break any of the restrictions below, and we may end it at any time. When it ends, please delete any copies of the materials you have downloaded. Under this licence you may not:',
      ],
      list: [
        'modify or copy the materials beyond that personal use;',
        'use the materials for any commercial purpose or public display;',
        'attempt to reverse engineer any software on the website;',
        'remove any copyright or other proprietary notices from the materials;',
        'submit reservations or inquiries in someone else\u2019s name, or false, automated or bulk submissions;',
        'interfere with the site, its forms or its security, or try to reach areas meant for staff.',
      ],
    },
    {
      id: 'disclaimer',
      heading: '3. Disclaimer',
      paragraphs: [
        'The website and its materials are provided "as is". We make no warranties, expressed or implied, and disclaim all other warranties, including implied warranties of merchantability, fitness for a particular purpose and non-infringement.',
        `We work hard to keep hours, prices, menus, the game library and the event calendar accurate, but they can change without notice, and an event can be moved or cancelled. ${venue.hours.checkMapsNote} Walk-ins are welcome but a table is never guaranteed, and a reservation holds a table for your party at the time you booked; it is not a ticket to a comedy show, which the club sells separately.`,
      ],
    },
    {
      id: 'limitations',
      heading: '4. Limitations',
      paragraphs: [
        `To the fullest extent the law allows, neither ${name} nor its suppliers will be liable for any damages (including loss of data or profit, or damages caused by business interruption) arising from the use of, or inability to use, the materials on this website, even if we have been told such damage is possible.`,
        'Some jurisdictions do not allow limits on implied warranties or on liability for incidental or consequential damages, so some of these limitations may not apply to you. Nothing in these terms limits any rights you have that cannot be limited by law.',
        'The website may link to sites we do not run, such as the comedy club\u2019s calendar, maps and the community group chat. We are not responsible for their content or their practices, and using them is at your own risk.',
      ],
    },
    {
      id: 'governing-law',
      heading: '5. Governing law',
      paragraphs: [
        'These terms are governed by the laws of the State of New York, without regard to its conflict-of-law rules.',
        'You agree that the state and federal courts located in Brooklyn, New York (Kings County) have exclusive jurisdiction over any dispute arising from these terms or your use of the website.',
        `Questions about these terms? ${contactLine}`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  intro: `This policy explains what ${name} collects through this website, why, who else sees it and what you can ask us to do with it. We collect only what we need to run reservations, events and the venue, and we don't sell your information.`,
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      paragraphs: [
        'We only collect what you type into our forms, plus a few technical details that arrive with every request. Specifically:',
      ],
      list: [
        'Table and event reservations: your name, email address, phone number (if you give one), the event, the date and time, and the size of your party.',
        'Private-event inquiries: your name, email, phone number, event type, number of guests, preferred date and time, budget and the details you write.',
        'Influencer applications: your name, email address and your message.',
        'Monthly pass confirmations: your name, email, the date and time, the number of people and the amount paid.',
        'Marketing attribution: if you arrive from an ad, the Google click id (gclid, with the time it was captured; it is used for up to 90 days) and the utm_source, utm_medium, utm_campaign, utm_term and utm_content values in the link. These are kept in your browser\u2019s session storage, which the browser clears when you close the tab, and are stored with your reservation if you make one.',
        'Technical details: your IP address and browser user agent, which reach our server with every request and are used for security and for the ad measurement described below.',
        'Staff accounts: the email address and sign-in details of staff who use the admin area.',
        'The offline queue: the website works offline. If you submit a form without a connection, the submission waits in a queue kept in this device\u2019s IndexedDB (storage inside your browser) until it can be sent, and is removed from the queue once it reaches us. Safari and other WebKit browsers may clear this storage after 7 days without a visit to the site; if that happens, a queued submission never reaches us, so if no confirmation email arrives, please reserve again or email us.',
        'Offline copies of the site: public pages, the menu and the event schedule are kept in your browser\u2019s cache so they work offline. They contain no personal information.',
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use it',
      paragraphs: ['We use your information to:'],
      list: [
        'hold your table or event spot, cap each night fairly and know who to expect;',
        'send your confirmation email, with a calendar invite and a link to cancel;',
        'reply to private-event inquiries and influencer applications;',
        'understand which ads and links bring people to us, so we spend our marketing budget sensibly;',
        'keep the site and our records secure and prevent abuse of the forms.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Sharing',
      paragraphs: [
        'We never sell or rent your information. Reservation and inquiry records are stored on our own server and its backups, and our staff see them to run the venue. We may also disclose information if the law requires it.',
        'Beyond that, we share information only with the services that help us run the venue, and only what each one needs:',
      ],
      list: [
        'Our email delivery provider receives your name, email address and the content of the message to deliver confirmations and replies.',
        'Meta (the company behind Facebook and Instagram) receives, through its Conversions API, a SHA-256 hash of your email address, your IP address and your browser user agent, together with the page address and the kind of action (a reservation or an inquiry), when you submit a form. This measures whether our ads work. Meta does not receive your name, phone number or message.',
        'Our hosting and backup providers store the data on our behalf and may not use it for anything else.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: [
        `You can ask us for a copy of the information we hold about you (access), ask us to fix anything that is wrong (correction) or ask us to delete it (deletion). Email ${contact.email} from the address you used with us and say what you'd like; we'll reply and act on it promptly. We may keep a record only where the law requires it.`,
        'Making a reservation does not sign you up for a newsletter. You can also clear the attribution values and the offline queue yourself at any time by clearing this site\u2019s data in your browser settings.',
        `The website and the venue are for adults (${venue.ageRule}). We don't knowingly collect information from anyone under 21.`,
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`Questions about your privacy or this policy? ${contactLine}`],
    },
  ],
};

export const cookies: LegalDocument = {
  title: 'Cookie Policy',
  intro: `This policy explains what cookies and similar browser storage are, and how the ${name} website uses them. Short version: the site's own code keeps a few values in your browser's storage to make reservations, offline use and staff sign-in work, and it does not use advertising cookies of its own.`,
  sections: [
    {
      id: 'what-cookies-are',
      heading: 'What cookies are',
      paragraphs: [
        'Cookies are small text files a website asks your browser to store, so it can recognise the same browser on a later request. Websites can also store data in other places in your browser, such as local storage, session storage and IndexedDB. We treat all of these the same way in this policy, and say plainly which ones we use.',
      ],
    },
    {
      id: 'how-we-use-them',
      heading: 'How we use them',
      paragraphs: [
        'Storage can serve four purposes. Here is what each means on this site:',
      ],
      list: [
        'Essential: needed for the site to work. The staff sign-in session for the admin area is kept in local storage on the staff member\u2019s device. A form you submit while offline waits in IndexedDB until it can be sent, and your reservation details are kept in session storage so the confirmation page can show them.',
        'Analytical: help us understand how the site is used. The site sets no analytics cookies of its own.',
        'Preference: remember choices you make. The site sets none at present.',
        'Marketing: help us measure our ads. If you arrive from an ad, the gclid click id and utm_* values are kept in session storage for that tab and saved with your reservation if you make one. When you submit a reservation or inquiry, ad measurement with Meta happens from our server, as described in the Privacy Policy, not through a cookie set by this site.',
      ],
    },
    {
      id: 'managing-cookies',
      heading: 'Managing cookies',
      paragraphs: [
        'You can block or delete cookies and site data in your browser\u2019s settings, and most browsers let you do this for a single site. A private or incognito window clears everything when you close it.',
        'Blocking or clearing this site\u2019s data will not stop you browsing or reserving. It will sign staff out of the admin area, and it will delete any submission still waiting in the offline queue, so make sure you have your confirmation email first.',
      ],
    },
    {
      id: 'types-of-cookies',
      heading: 'Types of cookies',
      paragraphs: ['Cookies and storage are also described by how long they last and who sets them:'],
      list: [
        'Session: deleted when you close the tab or browser. Our attribution values and reservation details use session storage.',
        'Persistent: kept until they expire or you delete them. The staff sign-in session (local storage) and the offline queue (IndexedDB) are persistent, though Safari may clear them after 7 days without a visit.',
        `Third-party: set by another company's domain. The site itself sets none, but the sites we link to, such as maps, the community group chat and ${owner.name}'s calendar and ticketing, may set their own cookies under their own policies once you visit them.`,
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`Questions about cookies or storage on this site? ${contactLine}`],
    },
  ],
};
