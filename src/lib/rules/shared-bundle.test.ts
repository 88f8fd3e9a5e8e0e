/**
 * pb_hooks/lib/shared.js is generated from src/lib/rules (+ venueTime, venue facts) and
 * committed: rebuild it in memory and fail when the committed file is stale. Also load it
 * the way the hooks do (CommonJS) and check it has what they use. The rebuild runs in a child
 * process (esbuild refuses to run inside jsdom).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('pb_hooks/lib/shared.js', () => {
  it('is up to date (npm run build:rules)', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/build-rules.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toContain('up to date');
  });

  it('is CommonJS without Intl, zod or async code, and exports what the hooks use', () => {
    const file = path.join(root, 'pb_hooks/lib/shared.js');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/\bIntl\./);
    expect(text).not.toMatch(/\basync\s+function|\bawait\b/);
    expect(text).not.toContain('zod');
    // Evaluate it as goja's require() does: CommonJS (the repo's package.json says "type": "module").
    const mod: { exports: Record<string, any> } = { exports: {} };
    new Function('module', 'exports', text)(mod, mod.exports);
    const shared = mod.exports;
    for (const name of [
      'validateBoardGameReservation',
      'validateEventReservation',
      'validateInquiry',
      'validateInfluencerApplication',
      'validatePassConfirmation',
      'venueToday',
      'formatNight',
      'reservationConfirmationMail',
      'reservationCancelledMail',
      'inquiryStaffMail',
      'inquiryAckMail',
      'influencerStaffMail',
      'influencerAckMail',
      'passConfirmationMail',
      'isBoardGameNight',
      'addDays',
      'daysBetween',
      'isIsoDate',
    ]) {
      expect(typeof shared[name], name).toBe('function');
    }
    expect(shared.venue.address.oneLine).toBe('10 Cooper Street, Brooklyn, NY 11207');
    expect(shared.TIME_SLOTS).toHaveLength(12);
    expect(shared.BOARD_GAME_NIGHT).toBe('Board Game Night');
  });
});
