// Run by parse.test.ts under a given TZ: prints the stays of every fixture as JSON.
import { parseFeed } from '@/lib/portal/calendars/parse';
import { FIXTURE_TODAY, fixture } from './fixtures';

const today = FIXTURE_TODAY;
const out = {
  airbnb: parseFeed(fixture('airbnb'), { platform: 'airbnb', blockedAreStays: false, today }),
  booking: parseFeed(fixture('booking'), { platform: 'booking', blockedAreStays: true, today }),
  vrbo: parseFeed(fixture('vrbo'), { platform: 'vrbo', blockedAreStays: false, today }),
  smoobu: parseFeed(fixture('smoobu'), { platform: 'smoobu', blockedAreStays: false, today }),
};
process.stdout.write(JSON.stringify(out));
