/**
 * The /faq accordion: the questions guests actually ask, answered from the venue's facts.
 * Every address, hour, price and email comes from venue.ts, so the answers never drift.
 * `id` is stable and URL-safe (the page can use it for anchors such as /faq#reservations).
 */
import { englishList } from '../lib/text';
import { venue } from './venue';

export type FaqEntry = { id: string; question: string; answer: string };

/** Table reservations take parties of 1 to 20 (SPEC §5 and §9; the reservation schema enforces it). */
const PARTY_SIZE = { min: 1, max: 20 } as const;

const { address, contact, games, hours, pricing, privateEvents, trivia } = venue;

export const faq: FaqEntry[] = [
  {
    id: 'hours',
    question: 'What are your hours?',
    answer: `${hours.summary}. ${hours.checkMapsNote} Weekly game nights and meetups have their own start times, listed on the Game Nights, Meetups & More page.`,
  },
  {
    id: 'age',
    question: 'Is there an age requirement?',
    answer: `Yes: we're ${venue.ageRule}, every night, including for game nights and private events. We're a bar inside a comedy club, so please bring a valid photo ID.`,
  },
  {
    id: 'cost',
    question: 'How much does it cost to get in?',
    answer: `Entry is free. We just ask every guest to support the bar: ${pricing.barMinimum} Food counts toward the minimum as well as drinks. Some weekly events have their own fee at the door, such as the Magic Monday Night Draft (${pricing.magicDraft}) and Magic Commander night (${pricing.commanderNight}).`,
  },
  {
    id: 'reservations',
    question: 'Do I need a reservation, or can I walk in?',
    answer: `Walk-ins are always welcome, but a table isn't guaranteed. We cap reservations each night so every group has room to play, and tables are limited, so if you have your heart set on a particular night, reserve ahead. It's free.`,
  },
  {
    id: 'how-to-reserve',
    question: 'How do I reserve a table?',
    answer: `Go to the Reserve A Table page (/board-game-night), pick a date and a time, tell us how many people are coming and leave your name and email. It's free and takes about a minute. A confirmation email follows with the details, a calendar invite and a cancel link.`,
  },
  {
    id: 'party-size',
    question: 'How many people can I reserve for?',
    answer: `A table reservation covers a party of ${PARTY_SIZE.min} to ${PARTY_SIZE.max} people. If you're bringing more than ${PARTY_SIZE.max}, or you'd like part of the space to yourselves, ask us about a private event.`,
  },
  {
    id: 'private-events',
    question: 'Can you host a bigger group or a private event?',
    answer: `Yes. We host birthdays, corporate outings, weddings, meetups, screenings and more for up to ${privateEvents.maxGuests} guests, with games, the big screen, the bar and the kitchen. Send an inquiry through the Host Your Dream Event page (/private-events) and our events team replies ${privateEvents.replyPromise}. You can also email ${contact.eventsEmail}.`,
  },
  {
    id: 'games',
    question: 'What games do you have?',
    answer: `${games.boardGameCount} board games, from quick party games to long strategy games, plus video games on a big screen and life-size games: ${englishList(games.outdoor)}. There are also adult coloring books and building bricks if you'd rather make something. Not sure what to play? Tell us your group size and mood at the bar and we'll suggest something.`,
  },
  {
    id: 'video-games',
    question: 'Do you have video games?',
    answer: `Yes: video games run on a big screen, so the whole room can watch the final lap. They're included like everything else: entry is free, and we ask you to support the bar. ${pricing.barMinimum}`,
  },
  {
    id: 'outdoor-games',
    question: 'What are the outdoor-style games?',
    answer: `Life-size games you'd usually find in a backyard, brought indoors: ${englishList(games.outdoor)}. Nothing to read and no rules to teach, which makes them great icebreakers for big groups.`,
  },
  {
    id: 'food-and-drink',
    question: 'Do you serve food and drinks?',
    answer: `Yes: a full bar and a kitchen. The Drink & Food Menu page (/menu) shows what's on. Food and drinks both count toward the $${pricing.barMinimumDollars} per person bar minimum.`,
  },
  {
    id: 'bring-your-own-game',
    question: 'Can I bring my own game?',
    answer: `Of course. Card game nights run on players' own decks, and you're welcome to bring a favorite board game to share with your table. The same house rule applies to everyone. ${pricing.supportTheBar} Please keep an eye on your pieces so they don't end up in one of our boxes.`,
  },
  {
    id: 'accessibility',
    question: 'Is the venue accessible?',
    answer: `We want everyone to be able to play, and we'd rather give you accurate details than a vague promise. Before you visit, please email ${contact.email} about any access needs (the entrance, seating, restrooms or anything else) and we'll tell you honestly what to expect and set things up for you where we can.`,
  },
  {
    id: 'trivia',
    question: 'When is trivia?',
    answer: `Movie & Music Trivia runs ${trivia.days} at ${trivia.start}: movies on Friday, music on Saturday. It wraps up around ${trivia.end}, teams are typically ${trivia.teamSize}, and it's best to arrive by ${trivia.arriveBy}. Reserve your team's spot on the Trivia page (/trivia).`,
  },
  {
    id: 'weekly-events',
    question: 'What happens each week?',
    answer: `Monday is the Magic Monday Night Draft (${pricing.magicDraft}), Tuesday is Pokémon TCG, Wednesday is Magic Commander (${pricing.commanderNight}), Thursday brings Star Wars Unlimited and Terrible Art Night, Friday and Saturday end with Movie & Music Trivia at ${trivia.start}, and on Sunday the Brooklyn/Queens Boardgamers meet. Times, special events and free reservations are on the Game Nights, Meetups & More page (/meetups-groups).`,
  },
  {
    id: 'cancel-reservation',
    question: 'How do I cancel a reservation?',
    answer: `Use the cancel link in your confirmation email. One click cancels it and frees the table for another group. Can't find the email? Check your spam folder, or write to ${contact.email} with your name and the date and we'll cancel it for you.`,
  },
  {
    id: 'location',
    question: 'Where are you, and how do I get there?',
    answer: `We're at ${address.oneLine}, inside ${venue.owner.name}. ${address.entranceNote} Search the address in your maps app for the best subway, bus or bike route from where you are. Want to catch a show too? The club's comedy calendar is linked from the site menu.`,
  },
];
