// A planned stay's invitation by e-mail, end to end at 375 px, against a real SMTP server started
// here (smtp-server, parsed with mailparser). Runs only when the server was started on
// PostgreSQL with SMTP (MAIL_E2E in support/env.ts, see docs/decisions/016): the planned stay is
// written into the database, since its pages come with the planned-stay module. The landlord
// enters the guest's address and language and sends; the mail arrives in English with a link a
// guest's phone opens; the mail's state shows "sent"; withdrawing makes the link refused.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startSmtp, type TestSmtp } from '../tests/helpers/smtp';
import { BASE_URL, futureDate, MAIL_E2E } from './support/env';
import { expectAccessible, signIn } from './support/portal';

test.skip(
  !MAIL_E2E,
  'needs a server on PostgreSQL with SMTP_URL (E2E_DATABASE_URL, E2E_SMTP_PORT)',
);
test.describe.configure({ timeout: 180_000 });

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp(MAIL_E2E!.smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

async function plannedStay(objektId: number): Promise<string> {
  const client = new pg.Client({ connectionString: MAIL_E2E!.databaseUrl });
  await client.connect();
  const id = randomUUID();
  await client.query(
    `insert into portal_planned_stays (id, service_url, username, gemeinde_id, objekt_id,
       arrival_date, departure_date, expected_guests, source)
     values ($1, $2, 'demo', 1, $3, $4, $5, 2, 'manual')`,
    [id, `${BASE_URL}/api/`, objektId, futureDate(9, 10), futureDate(9, 14)],
  );
  await client.end();
  return id;
}

test('the landlord sends an invitation by e-mail; the guest opens its link', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo');
  await page.goto('/postausgang');
  const form = page.locator('form[id^="objekt-"]', { hasText: 'Möwennest' }).first();
  const objektId = Number((await form.getAttribute('id'))!.replace('objekt-', ''));
  const id = await plannedStay(objektId);

  await page.goto(`/aufenthalte/kommend/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung per E-Mail' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse des Gastes').fill('kein-mail');
  await page.getByRole('button', { name: 'Kontakt speichern' }).click();
  await expect(page.getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse des Gastes').fill('guest@example.org');
  await page.getByLabel('Sprache der E-Mail').selectOption('en');
  await page.getByRole('button', { name: 'Kontakt speichern' }).click();
  await expect(page.getByText('Kontakt gespeichert.')).toBeVisible();
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Die Einladung steht im Postausgang.')).toBeVisible();

  await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(1);
  const mail = smtp.received[0]!;
  expect(mail.subject).toBe('Online check-in for your stay at Möwennest');
  const link = /https?:\/\/\S+\/checkin\/\S+/.exec(mail.text ?? '')![0];
  expect(mail.html).toContain(`href="${link}"`);

  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('[data-mail-state]').first().getAttribute('data-mail-state');
      },
      { timeout: 30_000 },
    )
    .toBe('sent');
  await expectAccessible(page, "a planned stay's invitation");

  const guest = await (
    await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' })
  ).newPage();
  await guest.goto(link.replace(/^https?:\/\/[^/]+/, BASE_URL));
  await expect(guest.getByText('Möwennest').first()).toBeVisible();

  await page.getByRole('link', { name: 'Einladung' }).first().click();
  await expect(page.getByTestId('mail-to')).toHaveText('guest@example.org');
  await expect(page.getByTestId('mail-text')).toContainText('Privacy');
  await expectAccessible(page, 'a mail in the outbox');

  await page.goto(`/aufenthalte/kommend/${id}`);
  await page.getByRole('button', { name: 'Einladung zurückziehen' }).click();
  await expect(page.getByText('Einladung zurückgezogen.')).toBeVisible();
  await guest.goto(link.replace(/^https?:\/\/[^/]+/, BASE_URL));
  await expect(guest.getByText('Möwennest')).toHaveCount(0);
});
