// Generates the placeholder artwork in public/media/ (illustrated SVGs, light and sharp at any size).
// The venue replaces them with real photos of the same names and sizes (see README "Media").
// Run: node scripts/make-placeholders.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const out = new URL('../public/media/', import.meta.url);
mkdirSync(out, { recursive: true });

const palette = {
  ink: '#14111c', plum: '#2d2540', amber: '#ffb443', pink: '#ff8fc2', teal: '#5fd7c9', cream: '#f7f0e4', red: '#ff6257', violet: '#7b5cff',
};

const meeple = (x, y, s, fill) =>
  `<path transform="translate(${x} ${y}) scale(${s})" fill="${fill}" d="M24 0a8 8 0 0 1 8 8c0 2.3-1 4.4-2.5 5.8l11.4 4.8a3.5 3.5 0 0 1 .9 6l-5.9 4.1 5 11.3H30.6L24 29.4 17.4 40H7.1l5-11.3-5.9-4.1a3.5 3.5 0 0 1 .9-6l11.4-4.8A8 8 0 0 1 24 0Z"/>`;
const die = (x, y, s, fill, pip) =>
  `<g transform="translate(${x} ${y}) rotate(-12) scale(${s})"><rect width="40" height="40" rx="8" fill="${fill}"/><circle cx="11" cy="11" r="4" fill="${pip}"/><circle cx="20" cy="20" r="4" fill="${pip}"/><circle cx="29" cy="29" r="4" fill="${pip}"/></g>`;
const shelf = (x, y, w, colors) => {
  let boxes = '';
  let cx = x;
  let i = 0;
  while (cx < x + w - 30) {
    const bw = 22 + ((i * 37) % 28);
    const bh = 70 + ((i * 53) % 50);
    boxes += `<rect x="${cx}" y="${y - bh}" width="${bw}" height="${bh}" rx="3" fill="${colors[i % colors.length]}"/>`;
    cx += bw + 4;
    i += 1;
  }
  return `${boxes}<rect x="${x - 10}" y="${y}" width="${w + 20}" height="10" rx="3" fill="#0c0a12"/>`;
};
const lights = (w) =>
  Array.from({ length: 14 }, (_, i) => `<circle cx="${(i + 0.5) * (w / 14)}" cy="${28 + Math.sin(i) * 10}" r="7" fill="${palette.amber}" opacity="0.9"/>`).join('') +
  `<path d="M0 30 Q ${w / 4} 50 ${w / 2} 30 T ${w} 30" stroke="#0c0a12" stroke-width="2" fill="none"/>`;

function scene(name, { title, bg1, bg2, motif }) {
  const w = 1200;
  const h = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>
${lights(w)}
${motif}
<rect x="40" y="${h - 120}" width="${Math.min(60 + title.length * 26, w - 80)}" height="76" rx="38" fill="${palette.ink}" opacity="0.82"/>
<text x="78" y="${h - 70}" font-family="Bricolage Grotesque, Arial Rounded MT Bold, Arial, sans-serif" font-size="40" font-weight="800" fill="${palette.cream}">${title}</text>
</svg>`;
  writeFileSync(new URL(`${name}.svg`, out), svg);
}

const table = (x, y, top) =>
  `<ellipse cx="${x}" cy="${y}" rx="210" ry="70" fill="${top}"/><rect x="${x - 16}" y="${y}" width="32" height="160" fill="#0c0a12"/>`;

const scenes = {
  'space-game-wall': { title: 'The game wall: 500+ games', bg1: '#3b2363', bg2: '#14111c', motif: shelf(80, 330, 1040, [palette.amber, palette.pink, palette.teal, palette.red, palette.cream, palette.violet]) + shelf(80, 520, 1040, [palette.teal, palette.red, palette.amber, palette.violet, palette.pink]) + shelf(80, 710, 1040, [palette.pink, palette.amber, palette.cream, palette.teal]) },
  'space-bar': { title: 'A full bar, right by the games', bg1: '#5a2438', bg2: '#14111c', motif: `<rect x="100" y="520" width="1000" height="220" rx="18" fill="#2b1a24"/><rect x="100" y="500" width="1000" height="36" rx="10" fill="${palette.amber}"/>` + Array.from({ length: 9 }, (_, i) => `<rect x="${170 + i * 105}" y="${250 + (i % 3) * 20}" width="34" height="${200 - (i % 3) * 20}" rx="10" fill="${[palette.teal, palette.pink, palette.amber][i % 3]}" opacity="0.9"/>`).join('') },
  'space-ping-pong': { title: 'Ping pong between rounds', bg1: '#134e4a', bg2: '#14111c', motif: `<polygon points="220,520 980,520 1080,700 120,700" fill="#1f6f5c"/><line x1="600" y1="520" x2="600" y2="700" stroke="${palette.cream}" stroke-width="6"/><rect x="110" y="598" width="980" height="14" fill="${palette.cream}" opacity="0.8"/><circle cx="760" cy="380" r="22" fill="${palette.cream}"/><ellipse cx="330" cy="420" rx="60" ry="70" fill="${palette.red}"/><rect x="320" y="480" width="20" height="70" rx="8" fill="#0c0a12"/>` },
  'space-giant-jenga': { title: 'Giant Jenga and Connect 4', bg1: '#4a3210', bg2: '#14111c', motif: Array.from({ length: 8 }, (_, r) => (r % 2 ? `<rect x="240" y="${700 - (r + 1) * 52}" width="300" height="46" rx="6" fill="#d9a35b"/>` : [0, 1, 2].map((c) => `<rect x="${240 + c * 102}" y="${700 - (r + 1) * 52}" width="96" height="46" rx="6" fill="#e8b873"/>`).join(''))).join('') + `<rect x="680" y="280" width="400" height="420" rx="20" fill="#2f5bd3"/>` + Array.from({ length: 30 }, (_, i) => `<circle cx="${730 + (i % 6) * 60}" cy="${330 + Math.floor(i / 6) * 70}" r="24" fill="${i % 3 === 0 ? palette.red : i % 3 === 1 ? palette.amber : '#14111c'}"/>`).join('') },
  'space-video-games': { title: 'Video games on a big screen', bg1: '#1d1b5e', bg2: '#14111c', motif: `<rect x="200" y="150" width="800" height="450" rx="24" fill="#0c0a12"/><rect x="230" y="180" width="740" height="390" rx="12" fill="#2a2a8a"/><rect x="300" y="420" width="120" height="40" fill="${palette.teal}"/><rect x="520" y="330" width="80" height="80" fill="${palette.pink}"/><rect x="700" y="260" width="140" height="30" fill="${palette.amber}"/><rect x="560" y="600" width="80" height="80" fill="#0c0a12"/>` + `<g transform="translate(470 700)"><rect width="260" height="110" rx="55" fill="${palette.cream}"/><circle cx="70" cy="55" r="18" fill="#14111c"/><circle cx="190" cy="45" r="12" fill="${palette.red}"/><circle cx="215" cy="70" r="12" fill="${palette.teal}"/></g>` },
  'space-tables': { title: 'Tables ready for game night', bg1: '#3b2363', bg2: '#241a38', motif: table(330, 520, '#6b4a2b') + table(870, 560, '#6b4a2b') + meeple(260, 400, 1.6, palette.red) + meeple(360, 410, 1.4, palette.teal) + die(820, 470, 1.4, palette.cream, '#14111c') + meeple(920, 440, 1.5, palette.amber) },
  'space-mini-golf': { title: 'Mini golf and corn hole', bg1: '#1f4d2b', bg2: '#14111c', motif: `<path d="M120 700 C 300 520, 600 760, 1080 560 L 1080 760 L 120 760 Z" fill="#2f8f4e"/><circle cx="860" cy="600" r="20" fill="#0c0a12"/><line x1="860" y1="600" x2="860" y2="380" stroke="${palette.cream}" stroke-width="8"/><polygon points="860,380 960,410 860,440" fill="${palette.red}"/><circle cx="380" cy="640" r="16" fill="${palette.cream}"/><polygon points="180,520 420,470 440,540 200,600" fill="#c08a4a"/><circle cx="330" cy="530" r="22" fill="#0c0a12"/>` },
  'space-coloring': { title: 'Coloring books and building bricks', bg1: '#5a2450', bg2: '#14111c', motif: `<rect x="180" y="300" width="420" height="320" rx="12" fill="${palette.cream}" transform="rotate(-6 390 460)"/><circle cx="360" cy="450" r="70" fill="none" stroke="${palette.pink}" stroke-width="14"/><path d="M260 560 q 80 -60 200 0" stroke="${palette.teal}" stroke-width="14" fill="none"/>` + [[700, 520, palette.red], [790, 520, palette.amber], [880, 520, palette.teal], [745, 450, palette.pink], [835, 450, palette.red], [790, 380, palette.amber]].map(([x, y, c]) => `<rect x="${x}" y="${y}" width="86" height="66" rx="6" fill="${c}"/><circle cx="${x + 22}" cy="${y - 6}" r="10" fill="${c}"/><circle cx="${x + 64}" cy="${y - 6}" r="10" fill="${c}"/>`).join('') },
};
for (const [name, spec] of Object.entries(scenes)) scene(name, spec);

scene('hero-poster', { title: 'Board game night in Brooklyn', bg1: '#3b2363', bg2: '#5a2438', motif: table(600, 560, '#6b4a2b') + meeple(470, 420, 2, palette.red) + meeple(640, 430, 1.8, palette.teal) + die(760, 470, 1.6, palette.cream, '#14111c') + die(380, 500, 1.2, palette.amber, '#14111c') });
scene('promo-poster', { title: 'Reserve a free table tonight', bg1: '#5a2438', bg2: '#14111c', motif: shelf(80, 420, 1040, [palette.amber, palette.pink, palette.teal, palette.red, palette.cream]) + meeple(520, 480, 2.2, palette.amber) });
scene('private-events-poster', { title: 'Your party, our games', bg1: '#134e4a', bg2: '#3b2363', motif: table(400, 560, '#6b4a2b') + table(860, 600, '#6b4a2b') + `<circle cx="300" cy="250" r="60" fill="${palette.pink}"/><circle cx="420" cy="200" r="50" fill="${palette.amber}"/><circle cx="900" cy="260" r="60" fill="${palette.teal}"/>` });
scene('comedy-poster', { title: 'Comedy upstairs, games all night', bg1: '#1d1b5e', bg2: '#5a2438', motif: `<rect x="560" y="260" width="80" height="300" rx="40" fill="#0c0a12"/><circle cx="600" cy="250" r="70" fill="#c7c7d9"/><rect x="592" y="560" width="16" height="170" fill="#0c0a12"/><ellipse cx="600" cy="740" rx="110" ry="22" fill="#0c0a12"/><circle cx="600" cy="120" r="400" fill="${palette.amber}" opacity="0.08"/>` });

// The drink and food menu board. Prices are the venue's to confirm before launch.
const menu = {
  Cocktails: [['Natural 20 (bourbon, maple, bitters)', '$15'], ['Critical Hit (tequila, lime, jalapeño)', '$14'], ['Meeple Mule (vodka, ginger, lime)', '$13'], ['Zero-proof Spritz', '$9']],
  'Beer & Wine': [['Local draft lager or IPA', '$8'], ['Cider', '$8'], ['Red or white wine', '$11'], ['Canned beer', '$7']],
  Food: [['Loaded nachos to share', '$14'], ['Soft pretzel, beer cheese', '$11'], ['Wings, six pieces', '$13'], ['Grilled cheese and tomato soup', '$12']],
  Sweets: [['Cookie plate', '$8'], ['Brownie sundae', '$10']],
};
let y = 250;
let rows = '';
for (const [section, items] of Object.entries(menu)) {
  rows += `<text x="110" y="${y}" font-family="Bricolage Grotesque, Arial, sans-serif" font-size="42" font-weight="800" fill="${palette.amber}">${section.replace("&", "&amp;")}</text>`;
  y += 56;
  for (const [item, price] of items) {
    rows += `<text x="110" y="${y}" font-family="Inter, Arial, sans-serif" font-size="30" fill="${palette.cream}">${item.replace('&', '&amp;')}</text><text x="1090" y="${y}" text-anchor="end" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="700" fill="${palette.cream}">${price}</text>`;
    y += 46;
  }
  y += 30;
}
const menuH = y + 110;
writeFileSync(
  new URL('menu-board.svg', out),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 ${menuH}" width="1200" height="${menuH}" role="img" aria-label="Drink and food menu">
<rect width="1200" height="${menuH}" rx="40" fill="#1c1727"/><rect x="30" y="30" width="1140" height="${menuH - 60}" rx="28" fill="none" stroke="${palette.amber}" stroke-width="4" stroke-dasharray="14 10"/>
<text x="600" y="150" text-anchor="middle" font-family="Bricolage Grotesque, Arial, sans-serif" font-size="72" font-weight="800" fill="${palette.cream}">Drinks &amp; Food</text>
${rows}
<text x="600" y="${menuH - 70}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="26" fill="${palette.teal}">Free entry · $10 per person bar minimum or $10 game fee · 21+</text>
</svg>`,
);

writeFileSync(
  new URL('owner-logo.svg', out),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 90" width="360" height="90" role="img" aria-label="The Tiny Cupboard comedy club"><rect width="360" height="90" rx="16" fill="#f7f0e4"/><circle cx="48" cy="45" r="26" fill="#14111c"/><rect x="42" y="28" width="12" height="26" rx="6" fill="#f7f0e4"/><rect x="46" y="54" width="4" height="12" fill="#f7f0e4"/><text x="88" y="42" font-family="Bricolage Grotesque, Arial, sans-serif" font-size="24" font-weight="800" fill="#14111c">THE TINY CUPBOARD</text><text x="88" y="68" font-family="Inter, Arial, sans-serif" font-size="17" font-weight="600" fill="#5a2438">Comedy Club · Brooklyn</text></svg>`,
);
console.log('placeholders written to public/media/');
