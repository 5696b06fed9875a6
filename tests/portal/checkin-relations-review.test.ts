// The landlord reviewing a check-in sees the guests' own answer to "who travels with whom"
// (decision 028) before booking it: it decides who signs and who is counted.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckinRelations } from '@/components/checkin/checkin-relations';
import type { CheckinGuest } from '@/lib/portal/checkin/snapshot';
import { arrivalMessages } from '@/lib/portal/i18n/arrival';

const guest = (first: string, relation?: CheckinGuest['relation']): CheckinGuest => ({
  tarifId: '1',
  fields: { Gast_Name: 'de Vries', Gast_Vorname: first, Gast_Geburtsdatum: '1980-01-02' },
  ...(relation ? { relation } : {}),
});

const html = (guests: CheckinGuest[], lang: 'de' | 'en' = 'de') =>
  renderToStaticMarkup(
    createElement(CheckinRelations, { guests, a: arrivalMessages(lang), unnamed: 'Gast {n}' }),
  );

describe('the check-in review shows who travels with whom', () => {
  it('names each answer: partner of, child of', () => {
    const page = html([
      guest('Daan'),
      guest('Sanne', { as: 'partner', of: 0 }),
      { tarifId: '1', fields: {}, relation: { as: 'child', of: 1 } },
    ]);
    expect(page).toContain('Wer reist mit wem? (Angabe der Gäste)');
    expect(page).toContain('Sanne de Vries: Ehe- oder Lebenspartner(in) von Daan de Vries');
    expect(page).toContain('Gast 3: Kind (unter 18) von Sanne de Vries');
    expect(page).toMatch(/<h2 id="checkin-relations"/);
    expect(page).toContain('aria-labelledby="checkin-relations"');
  });

  it('says when nobody named anyone, and nothing for a guest alone', () => {
    expect(html([guest('Daan'), guest('Sanne')], 'en')).toContain(
      'The guests named nobody as a spouse or partner or as a child',
    );
    expect(html([guest('Daan')])).toBe('');
  });
});
