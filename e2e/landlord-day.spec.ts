// The overview as the landlord's day, and the stays list on a phone: today's arrival comes first,
// the whole card opens the stay, filters wait behind one button.
import { expect, test } from '@playwright/test';
import { bookViaApi, serviceToken } from './support/api';
import { inviteTo } from './support/checkin-link';
import { expectAccessible, signIn } from './support/portal';

/** Today in Berlin, as the portal counts days. */
function berlinToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}
const german = (iso: string) => iso.split('-').reverse().join('.');
const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test(
  "the overview shows today's arrivals, unprinted cards and this month's Kurtaxe",
  { tag: '@desktop' },
  async ({ page, request }, info) => {
    const today = berlinToday();
    const lastName = `Heute${info.project.name}`;
    const token = await serviceToken(request, 'demo');
    const form = await bookViaApi(request, token, {
      objekt: 'Möwennest',
      arrival: today,
      departure: plusDays(today, 2),
      firstName: 'Hanna',
      lastName,
    });
    const soon = await bookViaApi(request, token, {
      objekt: 'Möwennest',
      arrival: plusDays(today, 3),
      departure: plusDays(today, 5),
      firstName: 'Bald',
      lastName,
    });
    await signIn(page, 'demo');
    for (const f of [form, soon]) await page.goto(`/aufenthalte/${f.id}`);

    await page.goto('/uebersicht');
    const todayList = page.getByTestId('arrivals-today');
    await expect(
      todayList.getByRole('link', { name: `Meldeschein ${form.meldescheinnummer} öffnen` }),
    ).toBeVisible();
    await expect(page.getByTestId('arrivals-week')).toContainText(`Bald ${lastName}`);
    await expect(page.getByTestId('cards-waiting')).toContainText(`Hanna ${lastName}`);
    await expect(page.getByTestId('checkins-waiting')).toBeVisible();
    await expect(page.getByTestId('month-kurtaxe')).not.toHaveText(/^0,00/);
    // Seasons already over are left out.
    await expect(page.getByText(`Laufende und kommende Saisonzeiten`).first()).toBeVisible();
    await expectAccessible(page, 'overview (landlord day)');

    // This month's Kurtaxe is the statement's figure for the month (read twice in a row, since
    // the other viewport's run may book in between).
    await page.getByRole('link', { name: 'Zur Abrechnung' }).click();
    await expect(page).toHaveURL(/\/abrechnung\?monat=/);
    const statementUrl = page.url();
    await expect(async () => {
      await page.goto('/uebersicht');
      const overview = await page.getByTestId('month-kurtaxe').innerText();
      await page.goto(statementUrl);
      expect(await page.getByTestId('statement-kurtaxe').innerText()).toBe(overview);
    }).toPass();

    // The whole card is one link: tapping the card's text opens the stay.
    await page.goto('/uebersicht');
    // Tap the card away from the link's text (its lower right corner).
    const todayCard = todayList.locator('li').filter({ hasText: `Hanna ${lastName}` });
    const box = (await todayCard.boundingBox())!;
    await todayCard.click({ position: { x: box.width - 12, y: box.height - 12 } });
    await expect(page).toHaveURL(new RegExp(`/aufenthalte/${form.id}$`));
  },
);

test(
  'a planned stay of the week is among the arrivals, with its next step',
  { tag: '@desktop' },
  async ({ page }, info) => {
    // Dünenhaus has no stay this week in any other spec; each viewport its own days (the database is
    // shared), fixed so that a retry joins its own first attempt's stay.
    const today = berlinToday();
    const [from, to] = info.project.name === 'phone' ? [1, 3] : [4, 6];
    const [arrival, departure] = [plusDays(today, from), plusDays(today, to)];
    await signIn(page, 'demo');
    await inviteTo(page, 'Dünenhaus (Am Deich 12, 18999 Dünenhagen)', { arrival, departure });

    await page.goto('/uebersicht');
    const dates = `${german(arrival)} – ${german(departure)}`;
    const card = page.getByTestId('arrivals-week').locator('li').filter({ hasText: dates });
    await expect(card).toContainText('Dünenhaus');
    await expect(card).toContainText('Eingeladen');
    await expect(card).toContainText('von Ihnen eingetragen');
    await expectAccessible(page, 'overview with a planned arrival');
    // The guests have not answered yet: the card opens the stay's invitation by e-mail.
    await card.getByRole('link', { name: `Einladung per E-Mail für Dünenhaus, ${dates}` }).click();
    await expect(page).toHaveURL(/\/aufenthalte\/kommend\/[0-9a-f-]{36}$/);
  },
);

test(
  'the stays list puts today first and the card is the link',
  { tag: '@desktop' },
  async ({ page, request }) => {
    const today = berlinToday();
    const token = await serviceToken(request, 'demo');
    const form = await bookViaApi(request, token, {
      objekt: 'Möwennest',
      arrival: today,
      departure: plusDays(today, 1),
    });
    await signIn(page, 'demo');
    await page.goto(`/aufenthalte/${form.id}`);
    await page.goto('/aufenthalte');
    await expect(page.getByText('Filter und Sortierung', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Anreisemonat')).toBeHidden();
    await expectAccessible(page, 'stays list, filters closed');

    const phone = (page.viewportSize()?.width ?? 1280) < 640;
    if (phone) {
      // One markup for both: on a phone each table row is laid out as a card.
      const first = page.locator('table tbody tr').first();
      await expect(first).toContainText(german(today));
      // Tap the card away from the link's text (its lower right corner).
      const card = page.locator('table tbody tr').filter({ hasText: form.meldescheinnummer });
      const box = (await card.boundingBox())!;
      await card.click({ position: { x: box.width - 12, y: box.height - 12 } });
      await expect(page).toHaveURL(new RegExp(`/aufenthalte/${form.id}$`));
    } else {
      await expect(page.locator('table tbody tr').first()).toContainText(german(today));
    }
  },
);
